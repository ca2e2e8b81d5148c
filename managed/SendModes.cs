// The buffered and ready send modes (MPI 4.0 §3.4): Bsend, Rsend, their non-blocking and persistent forms, and
// the buffer of buffered sends (MPI.Buffer_attach/Buffer_detach).  The buffer is native memory the runtime
// allocates and owns (native-mpi/bsend.c), so no managed array has to stay in place for it; a buffered send
// copies its message there and completes, and the buffer keeps the message until it is delivered.
namespace System.MP
{
	public static partial class MPI
	{
		/// <summary>The bytes of the buffer of buffered sends that each message needs beyond its data
		/// (MPI_BSEND_OVERHEAD); it differs between MPI libraries.</summary>
		/// <remarks>A buffer that holds k messages of n bytes each at once needs k × (n + BSEND_OVERHEAD)
		/// bytes.</remarks>
		public static int BSEND_OVERHEAD { get { return MPDirect.BsendOverhead (); } }

		/// <summary>Gives buffered sends (<see cref="Comm.Bsend(object,int,int)"/>, <see
		/// cref="Comm.Ibsend(object,int,int)"/>, <see cref="Comm.Bsend_init(object,int,int)"/>) a buffer of
		/// <paramref name="size"/> bytes to copy their messages into (MPI_Buffer_attach).</summary>
		/// <param name="size">The buffer's size in bytes: the data of every buffered message that may be in flight
		/// at once, plus <see cref="BSEND_OVERHEAD"/> for each.</param>
		/// <remarks>The runtime allocates the buffer outside the managed heap and frees it at <see
		/// cref="Buffer_detach"/>, or at the end of the program (after its messages are delivered).  One buffer per
		/// process, as in MPI.</remarks>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="size"/> is negative.</exception>
		/// <exception cref="InvalidOperationException">A buffer is attached already (detach it first), or MPI has
		/// been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The memory could not be allocated.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public static void Buffer_attach (int size)
		{
			if (size < 0)
				throw new ArgumentOutOfRangeException ("size", size, "Buffer_attach: the size must not be negative");
			int rc = MPDirect.BufferAttach (size);
			if (rc != 0)
				throw Errors.Make (rc, null, null, 0, 0, null);
		}

		/// <summary>Takes the buffer of buffered sends away (MPI_Buffer_detach), once every message in it has been
		/// delivered, and frees it.</summary>
		/// <returns>The size given to <see cref="Buffer_attach"/>, or 0 if no buffer was attached.</returns>
		/// <remarks>Waits, if it must, with the thread in a GC-safe region (collections proceed). A buffered send
		/// after it raises until a buffer is attached again.</remarks>
		/// <exception cref="InvalidOperationException">Another thread is attaching or detaching the buffer, or MPI
		/// has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public static int Buffer_detach ()
		{
			int size;
			int rc = MPDirect.BufferDetach (out size);
			if (rc != 0)
				throw Errors.Make (rc, null, null, 0, 0, null);
			return size;
		}
	}

	public partial class Comm
	{
		void SendMode (object buf, int offset, int count, int dest, int tag, int mode)
		{
			int rc = Direct.Send (buf, offset, count, dest, tag, handle, mode);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		/// <summary>Buffered send (MPI_Bsend): copies the message into the buffer attached with <see
		/// cref="MPI.Buffer_attach"/> and returns; the buffer delivers it.</summary>
		/// <param name="buf">The data to send (as for <see cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached, or it has no room for the message (its
		/// data and <see cref="MPI.BSEND_OVERHEAD"/>) beside the buffered messages not yet delivered; or MPI has been
		/// finalized.  Nothing is sent.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Bsend (object buf, int dest, int tag)
		{
			SendMode (buf, 0, -1, dest, tag, Prequest.BsendKind);
		}

		/// <summary>Buffered send of elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Bsend).</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="count">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL);
		/// or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached, or it has no room for the message; or
		/// MPI has been finalized.  Nothing is sent.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Bsend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			SendMode (buf, offset, count, dest, tag, Prequest.BsendKind);
		}

		/// <summary>Ready send (MPI_Rsend): the program promises that the matching receive is already posted, which
		/// lets some transports skip a handshake.</summary>
		/// <param name="buf">The data to send (as for <see cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <remarks>The promise is the program's to keep, as in MPI: no rank can see whether another has posted its
		/// receive. A ready send without its receive posted is erroneous; MPICH and Open MPI deliver it as a standard
		/// send.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Rsend (object buf, int dest, int tag)
		{
			SendMode (buf, 0, -1, dest, tag, Prequest.RsendKind);
		}

		/// <summary>Ready send of elements [offset, offset + count) of the array <paramref name="buf"/> (MPI_Rsend):
		/// the matching receive must already be posted.</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="count">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL);
		/// or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Rsend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			SendMode (buf, offset, count, dest, tag, Prequest.RsendKind);
		}

		/// <summary>Starts a buffered send (MPI_Ibsend): the message is copied into the attached buffer at once, so
		/// the request completes without waiting for a receive.</summary>
		/// <param name="buf">The data to send (as for <see cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached, or it has no room for the message; or
		/// MPI has been finalized.  Nothing is posted.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibsend (object buf, int dest, int tag)
		{
			return PostSend (buf, 0, -1, dest, tag, Prequest.BsendKind);
		}

		/// <summary>Starts a buffered send of elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Ibsend).</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="count">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL);
		/// or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached, or it has no room for the message; or
		/// MPI has been finalized.  Nothing is posted.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibsend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return PostSend (buf, offset, count, dest, tag, Prequest.BsendKind);
		}

		/// <summary>Starts a ready send (MPI_Irsend): the matching receive must already be posted.</summary>
		/// <param name="buf">The data to send (as for <see cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Irsend (object buf, int dest, int tag)
		{
			return PostSend (buf, 0, -1, dest, tag, Prequest.RsendKind);
		}

		/// <summary>Starts a ready send of elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Irsend).</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="count">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL);
		/// or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Irsend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return PostSend (buf, offset, count, dest, tag, Prequest.RsendKind);
		}

		/// <summary>A persistent buffered send of the whole of <paramref name="buf"/> (MPI_Bsend_init): each Start
		/// copies the message into the attached buffer (<see cref="MPI.Buffer_attach"/>).</summary>
		/// <param name="buf">The data to send (see <see cref="Send_init(object,int,int)"/>).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <remarks>A Start that finds no room in the buffer raises <see cref="InvalidOperationException"/> and
		/// leaves the request inactive.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Bsend_init (object buf, int dest, int tag)
		{
			return Init (buf, 0, -1, dest, tag, Prequest.BsendKind);
		}

		/// <summary>A persistent buffered send of elements [offset, offset + count) of the array <paramref
		/// name="buf"/> (MPI_Bsend_init).</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="count">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL);
		/// or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Bsend_init (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return Init (buf, offset, count, dest, tag, Prequest.BsendKind);
		}

		/// <summary>A persistent ready send of the whole of <paramref name="buf"/> (MPI_Rsend_init): at each Start
		/// the matching receive must already be posted.</summary>
		/// <param name="buf">The data to send (see <see cref="Send_init(object,int,int)"/>).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Rsend_init (object buf, int dest, int tag)
		{
			return Init (buf, 0, -1, dest, tag, Prequest.RsendKind);
		}

		/// <summary>A persistent ready send of elements [offset, offset + count) of the array <paramref
		/// name="buf"/> (MPI_Rsend_init).</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="count">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL);
		/// or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Rsend_init (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return Init (buf, offset, count, dest, tag, Prequest.RsendKind);
		}
	}
}

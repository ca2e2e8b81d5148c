// Matched probes (Mprobe, Improbe) and Message, and Sendrecv_replace.
//
// A matched probe takes the message out of matching: only its Message can receive it, so two threads probing
// with the same wildcards never probe one message and receive another.  The Message holds the MPI_Message
// handle; the runtime makes it null when it receives the message, and this side counts a message as received
// once the MPI library has been asked to receive it (a buffer the runtime refuses leaves it receivable).
using System.Threading;

namespace System.MP
{
	/// <summary>A message matched by <see cref="Comm.Mprobe"/> or <see cref="Comm.Improbe"/>: no other receive can
	/// match it, and it is received exactly once, with <see cref="Recv(object,Status)"/> or <see
	/// cref="Irecv(object)"/>.</summary>
	/// <remarks>A Message that is never received stays with the MPI library (its data is never delivered) until MPI
	/// is finalized.  The message of a probe from <see cref="MPI.PROC_NULL"/> (MPI_MESSAGE_NO_PROC) receives nothing
	/// and completes at once, with source PROC_NULL, tag ANY_TAG and count 0.</remarks>
	public sealed class Message
	{
		ulong msg;                 // a motor_msg: the MPI_Message
		readonly Comm comm;
		readonly int source;
		readonly long bytes;       // the message's size, from the probe
		int state;                 // Idle, Busy (a thread is receiving it) or Received

		const int Idle = 0, Busy = 1, Received = 2;

		internal Message (Comm comm, ulong msg, StatusData probed)
		{
			this.comm = comm;
			this.msg = msg;
			source = probed.source;
			bytes = probed.bytes;
		}

		/// <summary>The rank the message came from (<see cref="MPI.PROC_NULL"/> for the message of a probe from
		/// PROC_NULL).</summary>
		public int Source { get { return source; } }

		void Take (string op)
		{
			int was = Interlocked.CompareExchange (ref state, Busy, Idle);
			if (was == Received)
				throw new InvalidOperationException (op + ": this message has been received already; a matched message " +
					"is received exactly once (probe again with Mprobe or Improbe for the next one)");
			if (was == Busy)
				throw new InvalidOperationException (op + ": another thread is receiving this message at this moment");
			if (!comm.IsValid) {
				if (MPI.Is_finalized ()) {
					Volatile.Write (ref state, Received);
					throw new InvalidOperationException (op + ": MPI has been finalized");
				}
				Discard ();
				throw new ObjectDisposedException ("Comm", op + ": the communicator of this message has been freed; " +
					"the message has been discarded (receive matched messages before freeing their communicator)");
			}
		}

		// Receives the message into scratch memory, so that nothing stays behind in the MPI library (MPI lets a
		// matched message be received after its communicator is freed: the communicator lives until then).
		unsafe void Discard ()
		{
			var scratch = new byte[bytes];
			StatusData st = default (StatusData);
			MPDirect.Mrecv (scratch, 0, -1, ref msg, MPI.PROC_NULL, comm.handle, &st);
			Volatile.Write (ref state, Received);
		}

		// After the internal call: the MPI library was asked to receive the message unless the runtime refused the
		// buffer before (negative codes other than EARG, which means the handle was already null).
		void Release (int rc)
		{
			bool refusedBuffer = rc < 0 && rc != Errors.EARG;
			Volatile.Write (ref state, refusedBuffer ? Idle : Received);
		}

		/// <summary>Receives the message into the whole of <paramref name="buf"/> (MPI_Mrecv).</summary>
		/// <param name="buf">Where the message lands: an array of a primitive type or of structs without references,
		/// or an object without reference fields.</param>
		/// <param name="status">Filled with the message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer; or the message is from
		/// this rank and the buffer overlaps that of a send still in flight.  The message is not received and may be
		/// received with another buffer.</exception>
		/// <exception cref="InvalidOperationException">The message has been received already, or another thread is
		/// receiving it; or MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The message's communicator has been freed (the message is
		/// discarded).</exception>
		/// <exception cref="MPIException">The MPI library reported an error; MPI_ERR_TRUNCATE when the message is
		/// longer than the buffer (which then holds its first part).  The message is received either way.</exception>
		public void Recv (object buf, Status status)
		{
			Recv (buf, 0, -1, status, "Message.Recv");
		}

		/// <summary>Receives the message into elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Mrecv).</summary>
		/// <param name="buf">The array to receive into.</param>
		/// <param name="offset">Index of the first element to receive into.</param>
		/// <param name="count">Number of elements room is given for.</param>
		/// <param name="status">Filled with the message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array.  The message is not received.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer or is not an array; or
		/// the message is from this rank and the buffer overlaps that of a send still in flight.  The message is not
		/// received.</exception>
		/// <exception cref="InvalidOperationException">The message has been received already, or another thread is
		/// receiving it; or MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The message's communicator has been freed (the message is
		/// discarded).</exception>
		/// <exception cref="MPIException">The MPI library reported an error; MPI_ERR_TRUNCATE when the message is
		/// longer than the range.  The message is received either way.</exception>
		public void Recv (object buf, int offset, int count, Status status)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			Recv (buf, offset, count, status, "Message.Recv");
		}

		unsafe void Recv (object buf, int offset, int count, Status status, string op)
		{
			Take (op);
			StatusData st = default (StatusData);
			// Internal calls return codes and never throw, so the state is always released.
			int rc = MPDirect.Mrecv (buf, offset, count, ref msg, source, comm.handle, &st);
			Release (rc);
			if (status != null)
				status.data = st;
			if (rc == 0)
				return;
			if (Errors.IsTruncation (rc))
				throw Errors.Truncated (rc, op, st, source, st.tag, buf, count);
			throw Errors.Make (rc, comm, buf, source, 0, "source");
		}

		/// <summary>Starts receiving the message into the whole of <paramref name="buf"/> (MPI_Imrecv).</summary>
		/// <param name="buf">Where the message lands (see <see cref="Recv(object,Status)"/>); it must not be touched
		/// until the request completes, and the runtime keeps it in place until then.</param>
		/// <returns>The request; complete it like an Irecv's.  Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer; or the message is from
		/// this rank and the buffer overlaps that of a send still in flight.  The message is not received.</exception>
		/// <exception cref="InvalidOperationException">The message has been received already, or another thread is
		/// receiving it; or MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The message's communicator has been freed (the message is
		/// discarded).</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Irecv (object buf)
		{
			return Irecv (buf, 0, -1, "Message.Irecv");
		}

		/// <summary>Starts receiving the message into elements [offset, offset + count) of the array <paramref
		/// name="buf"/> (MPI_Imrecv).</summary>
		/// <param name="buf">The array to receive into; it must not be touched until the request completes.</param>
		/// <param name="offset">Index of the first element to receive into.</param>
		/// <param name="count">Number of elements room is given for.</param>
		/// <returns>The request; complete it like an Irecv's.  Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array.  The message is not received.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer or is not an array; or
		/// the message is from this rank and the buffer overlaps that of a send still in flight.</exception>
		/// <exception cref="InvalidOperationException">The message has been received already, or another thread is
		/// receiving it; or MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The message's communicator has been freed (the message is
		/// discarded).</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Irecv (object buf, int offset, int count)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return Irecv (buf, offset, count, "Message.Irecv");
		}

		Request Irecv (object buf, int offset, int count, string op)
		{
			Take (op);
			var r = new Request ();
			// Internal calls return codes and never throw, so the state is always released.
			int rc = MPDirect.Imrecv (buf, offset, count, ref msg, source, comm.handle, r);
			Release (rc);
			if (rc != 0)
				throw Errors.Make (rc, comm, buf, source, 0, "source");
			return r;
		}
	}

	public unsafe partial class Comm
	{
		/// <summary>Waits for a matching message and takes it out of matching (MPI_Mprobe): only the returned <see
		/// cref="Message"/> can receive it.</summary>
		/// <param name="source">The source rank to match, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size (see <see cref="Status.Get_count"/>);
		/// may be null.</param>
		/// <returns>The matched message; receive it with <see cref="Message.Recv(object,Status)"/> or <see
		/// cref="Message.Irecv(object)"/>.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor ANY_SOURCE or PROC_NULL), or <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Message Mprobe (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			ulong m;
			int rc = MPDirect.Mprobe (source, tag, handle, out m, &st);
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			if (status != null)
				status.data = st;
			return new Message (this, m, st);
		}

		/// <summary>Matches a message if one is waiting, without waiting (MPI_Improbe); a matched message is taken out
		/// of matching.</summary>
		/// <param name="source">The source rank to match, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size when one is matched; may be
		/// null.</param>
		/// <returns>The matched message, or null if no matching message is waiting.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor ANY_SOURCE or PROC_NULL), or <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Message Improbe (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			ulong m;
			int flag;
			int rc = MPDirect.Improbe (source, tag, handle, out flag, out m, &st);
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			if (flag == 0) {
				ORequest.Poll (); // as Iprobe
				return null;
			}
			if (status != null)
				status.data = st;
			return new Message (this, m, st);
		}

		/// <summary>Sends the whole of <paramref name="buf"/> to <paramref name="dest"/> and receives a message from
		/// <paramref name="source"/> into the same buffer (MPI_Sendrecv_replace); cannot deadlock however the ranks
		/// pair up.</summary>
		/// <param name="buf">The data to send, replaced by the data received (a buffer as for <see
		/// cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the received message's source, tag and size; may be null.</param>
		/// <remarks>The outgoing data is copied aside first (native memory of the buffer's size), as MPI libraries
		/// do.  From PROC_NULL nothing is received and the buffer keeps what was sent.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer; or it overlaps the
		/// buffer of a non-blocking operation to or from this rank still in flight.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="source"/> is not a
		/// rank of the communicator, or a tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">No native memory for the copy of the outgoing data.</exception>
		/// <exception cref="MPIException">The MPI library reported an error; MPI_ERR_TRUNCATE when the message
		/// received is longer than the buffer.</exception>
		public void Sendrecv_replace (object buf, int dest, int sendtag, int source, int recvtag, Status status)
		{
			Replace (buf, 0, -1, dest, sendtag, source, recvtag, status);
		}

		/// <summary>Sends elements [offset, offset + count) of the array <paramref name="buf"/> and receives as many
		/// into the same elements (MPI_Sendrecv_replace).</summary>
		/// <param name="buf">The array whose range is sent and then replaced by the data received.</param>
		/// <param name="offset">Index of the first element of the range.</param>
		/// <param name="count">Number of elements sent, and room for the message received.</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the received message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer or is not an array; or
		/// the range overlaps the buffer of a non-blocking operation to or from this rank still in flight.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="dest"/> or <paramref name="source"/> is not a rank of the
		/// communicator; or a tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">No native memory for the copy of the outgoing data.</exception>
		/// <exception cref="MPIException">The MPI library reported an error; MPI_ERR_TRUNCATE when the message
		/// received is longer than the range.</exception>
		public void Sendrecv_replace (object buf, int offset, int count, int dest, int sendtag, int source, int recvtag,
		                              Status status)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			Replace (buf, offset, count, dest, sendtag, source, recvtag, status);
		}

		void Replace (object buf, int offset, int count, int dest, int sendtag, int source, int recvtag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = Direct.SendrecvReplace (buf, offset, count, dest, sendtag, source, recvtag, handle, (IntPtr) (&st));
			if (rc == Errors.EBEHIND) {
				// As in Sendrecv: the send now, the receive queued behind the object receive (ORequest).  An object
				// that is not an array waits for its turn before anything is sent.
				var a = buf as Array;
				if (a != null) {
					(count < 0 ? Isendrecv_replace (a, dest, sendtag, source, recvtag)
						: Isendrecv_replace (a, offset, count, dest, sendtag, source, recvtag)).Wait (status);
					return;
				}
				do {
					ORequest.AwaitBefore (source, recvtag, handle);
					rc = Direct.SendrecvReplace (buf, offset, count, dest, sendtag, source, recvtag, handle, (IntPtr) (&st));
				} while (rc == Errors.EBEHIND);
			}
			if (status != null)
				status.data = st;
			if (rc == 0)
				return;
			if (Errors.IsTruncation (rc))
				throw Errors.Truncated (rc, "Sendrecv_replace", st, source, recvtag, buf, count);
			// Which argument was at fault, for the message (as Sendrecv).
			bool destOk = dest == MPI.PROC_NULL || (dest >= 0 && dest < MPDirect.CommSize (handle));
			if (rc == Errors.ERANK && destOk)
				throw Errors.Make (rc, this, buf, source, recvtag, "source");
			if (rc == Errors.ETAG && sendtag >= 0 && sendtag <= MPI.TAG_UB)
				throw Errors.Make (rc, this, buf, source, recvtag, "source");
			throw Errors.Make (rc, this, buf, dest, sendtag, "dest");
		}
	}
}

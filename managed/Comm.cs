// Comm: a communicator and its point-to-point operations.
//
// Every operation is one internal call that validates its arguments, resolves the buffer in place and returns a
// code; this side only turns a non-zero code into an exception (Errors.Make).  Buffers: arrays of primitive
// types (any rank: double[,] is one buffer, indexed in row-major order), arrays of structs without references,
// and single objects without reference fields.  Anything else is refused with ArgumentException.
using System.Runtime.CompilerServices;

namespace System.MP
{
	/// <summary>A communicator: a group of processes and a context in which they exchange messages.  This class has
	/// the point-to-point operations (blocking, non-blocking, probe) and the object operations (OSend, ORecv, ...);
	/// <see cref="Intracomm"/> adds the collectives and <see cref="Intercomm"/> the two-group operations.</summary>
	/// <remarks>Every operation checks its arguments on the calling rank before MPI is called and raises a .NET
	/// exception that says what is wrong; nothing is sent or received then.  Errors the MPI library reports raise
	/// <see cref="MPIException"/>.  After <see cref="Free"/> every operation raises ObjectDisposedException; after
	/// <see cref="MPI.Finalize"/>, InvalidOperationException.</remarks>
	public unsafe partial class Comm
	{
		internal int handle;

		internal Comm (int handle)
		{
			this.handle = handle;
		}

		internal bool IsValid { get { return MPDirect.CommSize (handle) >= 0; } }
		internal int RemoteSizeForChecks { get { return MPDirect.CommSize (handle); } }

		/// <summary>This process's rank in the communicator (in the local group for an intercommunicator).</summary>
		/// <returns>The rank, 0..Get_size()-1.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_rank ()
		{
			int r = MPDirect.CommRank (handle);
			if (r < 0)
				throw Errors.Make (r, this, null, 0, 0, null);
			return r;
		}

		/// <summary>The number of processes in the communicator (the local group for an intercommunicator).</summary>
		/// <returns>The size, at least 1.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_size ()
		{
			int s = MPDirect.CommSize (handle);
			if (s < 0)
				throw Errors.Make (s, this, null, 0, 0, null);
			return s;
		}

		/// <summary>The same as <see cref="Get_rank"/>.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Rank { get { return Get_rank (); } }
		/// <summary>The same as <see cref="Get_size"/>.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Size { get { return Get_size (); } }

		// ---- send ----------------------------------------------------------------------------------

		// The per-message operations (Send, Recv, Isend, Irecv, Request.Wait) are inlined into their callers: each is
		// a check or two around one internal call, and a call frame of its own cost Mono's JIT more than its body
		// (arguments spilled and reloaded, five registers saved).

		/// <summary>Sends the whole of <paramref name="buf"/> to <paramref name="dest"/> (MPI_Send).  Returns when the
		/// buffer may be reused; depending on the message size and the MPI library that may be before or only after the
		/// receive starts.</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Send (object buf, int dest, int tag)
		{
			int rc = Direct.SendStandard (buf, 0, -1, dest, tag, handle);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		/// <summary>Sends elements [offset, offset + count) of the array <paramref name="buf"/> (MPI_Send).</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="offset">Index of the first element of the array to use.</param>
		/// <param name="count">Number of elements from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative,
		/// <paramref name="offset"/> lies outside the array or offset + count runs past its end.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array (the offset/count form needs
		/// one).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Send (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			int rc = Direct.SendStandard (buf, offset, count, dest, tag, handle);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		/// <summary>Synchronous send: returns once the matching receive has started.</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Ssend (object buf, int dest, int tag)
		{
			int rc = Direct.Send (buf, 0, -1, dest, tag, handle, 1);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		/// <summary>Synchronous send of elements [offset, offset + count) of the array <paramref name="buf"/>: returns
		/// once the matching receive has started (MPI_Ssend).</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="offset">Index of the first element of the array to use.</param>
		/// <param name="count">Number of elements from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative,
		/// <paramref name="offset"/> lies outside the array or offset + count runs past its end.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array (the offset/count form needs
		/// one).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Ssend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			int rc = Direct.Send (buf, offset, count, dest, tag, handle, 1);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		// ---- receive -------------------------------------------------------------------------------

		/// <summary>Receives into the whole of <paramref name="buf"/>.  A longer message raises MPIException
		/// (MPI_ERR_TRUNCATE) and writes nothing outside the buffer.  status may be null.</summary>
		/// <param name="buf">Where the message lands: an array of a primitive type or of structs without references (of
		/// any rank), or an object without reference fields.</param>
		/// <param name="source">The source rank (remote group for an intercommunicator), <see cref="MPI.ANY_SOURCE"/>
		/// or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside
		/// 0..<see cref="MPI.TAG_UB"/> and not <see cref="MPI.ANY_TAG"/>.</exception>
		/// <exception cref="ArgumentException">The message may come from this rank and the buffer overlaps the buffer
		/// of a send to this rank still in flight.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error; in particular <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message is longer than the buffer (the buffer
		/// then holds its first part and nothing outside it is written).</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Recv (object buf, int source, int tag, Status status)
		{
			if (status != null) {
				RecvWithStatus (buf, 0, -1, source, tag, status);
				return;
			}
			int rc = Direct.RecvNoStatus (buf, 0, -1, source, tag, handle);
			if (rc != 0)
				throw RecvFailed (rc, buf, -1, source, tag);
		}

		/// <summary>Receives into elements [offset, offset + count) of the array <paramref name="buf"/> (MPI_Recv); the
		/// rest of the array is untouched.  A shorter message fills the front of the range (<see
		/// cref="Status.Get_count"/> says how much).</summary>
		/// <param name="buf">Where the message lands: an array of a primitive type or of structs without references (of
		/// any rank), or an object without reference fields.</param>
		/// <param name="offset">Index of the first element of the array to use.</param>
		/// <param name="count">Number of elements from <paramref name="offset"/>.</param>
		/// <param name="source">The source rank (remote group for an intercommunicator), <see cref="MPI.ANY_SOURCE"/>
		/// or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative,
		/// <paramref name="offset"/> lies outside the array or offset + count runs past its end.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array (the offset/count form needs
		/// one).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside
		/// 0..<see cref="MPI.TAG_UB"/> and not <see cref="MPI.ANY_TAG"/>.</exception>
		/// <exception cref="ArgumentException">The message may come from this rank and the buffer overlaps the buffer
		/// of a send to this rank still in flight.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error; in particular <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message is longer than the buffer (the buffer
		/// then holds its first part and nothing outside it is written).</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Recv (object buf, int offset, int count, int source, int tag, Status status)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			if (status != null) {
				RecvWithStatus (buf, offset, count, source, tag, status);
				return;
			}
			int rc = Direct.RecvNoStatus (buf, offset, count, source, tag, handle);
			if (rc != 0)
				throw RecvFailed (rc, buf, count, source, tag);
		}

		// The inlined Recv is the form without a status, which passes no status to fill: a status struct local and
		// the choice of its address made Mono's JIT zero it twice and copy every argument once more.  A Recv that
		// wants the status calls this.
		[MethodImpl (MethodImplOptions.NoInlining)]
		void RecvWithStatus (object buf, int offset, int count, int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = Direct.Recv (buf, offset, count, source, tag, handle, (IntPtr) (&st));
			status.data = st;
			if (rc != 0)
				throw RecvFailed (rc, "Recv", st, buf, count, source, tag);
		}

		[MethodImpl (MethodImplOptions.NoInlining)]
		Exception RecvFailed (int rc, object buf, int count, int source, int tag)
		{
			return RecvFailed (rc, "Recv", default (StatusData), buf, count, source, tag);
		}

		// The exception for a receive that failed; built out of line, like PostFailed.  st is the status if one
		// was asked for (else zeros).
		[MethodImpl (MethodImplOptions.NoInlining)]
		Exception RecvFailed (int rc, string op, StatusData st, object buf, int count, int source, int tag)
		{
			if (Errors.IsTruncation (rc))
				return Errors.Truncated (rc, op, st, source, tag, buf, count);
			return Errors.Make (rc, this, buf, source, tag, "source");
		}

		/// <summary>Sends the whole of <paramref name="sendbuf"/> and receives into the whole of <paramref
		/// name="recvbuf"/> in one operation (MPI_Sendrecv), which cannot deadlock however the ranks pair up.</summary>
		/// <param name="sendbuf">The data to send (a buffer as for <see cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="recvbuf">Where the received message lands; must not overlap <paramref name="sendbuf"/>.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the received message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="sendbuf"/> or <paramref name="recvbuf"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException">A buffer cannot be an MPI buffer (see <see
		/// cref="Send(object,int,int)"/>); the two buffers overlap (disjoint ranges of one array are fine); or a buffer
		/// overlaps one of a non-blocking operation to or from this rank still in flight.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="source"/> is not a
		/// rank of the communicator, or a tag is out of range (see <see cref="Send(object,int,int)"/> and <see
		/// cref="Recv(object,int,int,Status)"/>).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error; in particular <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message is longer than the buffer (the buffer
		/// then holds its first part and nothing outside it is written).</exception>
		public void Sendrecv (object sendbuf, int dest, int sendtag, object recvbuf, int source, int recvtag, Status status)
		{
			Sendrecv (sendbuf, 0, -1, dest, sendtag, recvbuf, 0, -1, source, recvtag, status);
		}

		/// <summary>Sends elements [sendoffset, sendoffset + sendcount) of <paramref name="sendbuf"/> and receives into
		/// elements [recvoffset, recvoffset + recvcount) of <paramref name="recvbuf"/> in one operation (MPI_Sendrecv).
		/// The two may be disjoint ranges of one array (a halo exchange).</summary>
		/// <param name="sendbuf">The array to send from.</param>
		/// <param name="sendoffset">Index of the first element to send.</param>
		/// <param name="sendcount">Number of elements to send.</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="recvbuf">The array to receive into.</param>
		/// <param name="recvoffset">Index of the first element to receive into.</param>
		/// <param name="recvcount">Number of elements room is given for.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the received message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentOutOfRangeException">An offset or count is negative or outside its
		/// array.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="sendbuf"/> or <paramref name="recvbuf"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException">A buffer cannot be an MPI buffer (see <see
		/// cref="Send(object,int,int)"/>); the two buffers overlap (disjoint ranges of one array are fine); or a buffer
		/// overlaps one of a non-blocking operation to or from this rank still in flight.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="source"/> is not a
		/// rank of the communicator, or a tag is out of range (see <see cref="Send(object,int,int)"/> and <see
		/// cref="Recv(object,int,int,Status)"/>).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error; in particular <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message is longer than the buffer (the buffer
		/// then holds its first part and nothing outside it is written).</exception>
		public void Sendrecv (object sendbuf, int sendoffset, int sendcount, int dest, int sendtag,
		                      object recvbuf, int recvoffset, int recvcount, int source, int recvtag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = Direct.Sendrecv (sendbuf, sendoffset, sendcount, dest, sendtag,
			                          recvbuf, recvoffset, recvcount, source, recvtag, handle, (IntPtr) (&st));
			if (rc == Errors.EBEHIND) {
				// Behind an object receive (ORequest): the send goes now, the receive waits its turn in the queue,
				// as MPI would send at once and match the receive after the OIrecv.
				PostSendrecv (sendbuf, sendoffset, sendcount, dest, sendtag, recvbuf, recvoffset, recvcount, source,
					recvtag, new SendrecvRequest (null, 0, null, 0)).Wait (status);
				return;
			}
			if (status != null)
				status.data = st;
			if (rc == 0)
				return;
			if (Errors.IsTruncation (rc))
				throw Errors.Truncated (rc, "Sendrecv", st, source, recvtag, recvbuf, recvcount);
			// Work out which argument was at fault, for the message.
			if (rc == Errors.ERANK)
				throw MPDirect.CommSize (handle) > dest && dest >= 0 || dest == MPI.PROC_NULL
					? Errors.Make (rc, this, null, source, recvtag, "source")
					: Errors.Make (rc, this, null, dest, sendtag, "dest");
			if (rc == Errors.ETAG)
				throw sendtag >= 0 && sendtag <= MPI.TAG_UB
					? Errors.Make (rc, this, null, source, recvtag, "source")
					: Errors.Make (rc, this, null, dest, sendtag, "dest");
			if (rc < 0 && rc != Errors.EALIAS && MPDirect.CheckBuffer (sendbuf, sendoffset, sendcount) == 0)
				throw Errors.Make (rc, this, recvbuf, source, recvtag, "source");
			throw Errors.Make (rc, this, sendbuf, dest, sendtag, "dest");
		}

		// ---- non-blocking -------------------------------------------------------------------------

		// Posting: the Request first (carrying the peer and tag: Request.Fresh), then one direct call.  A
		// send and a receive each have their own (inlined) body, and the exception is built out of line: Mono's JIT
		// did not fold the flag of one shared body, so each post kept both internal calls and spilled every argument.
		// The ranged Isend and Irecv, the forms message loops use, repeat the body instead of calling it: an inlined
		// call inside an inlined method copies every argument once more.
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		Request PostSend (object buf, int offset, int count, int dest, int tag, int mode)
		{
			var r = Request.Fresh (dest, tag);
			int rc = Direct.Isend (buf, offset, count, handle, mode, r);
			if (rc != 0)
				throw PostFailed (rc, buf, dest, tag, "dest");
			return r;
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		Request PostRecv (object buf, int offset, int count, int source, int tag)
		{
			var r = Request.Fresh (source, tag);
			int rc = Direct.Irecv (buf, offset, count, handle, r);
			if (rc != 0)
				return IrecvBehind (rc, buf, offset, count, r);
			return r;
		}

		[MethodImpl (MethodImplOptions.NoInlining)]
		Exception PostFailed (int rc, object buf, int peer, int tag, string which)
		{
			return Errors.Make (rc, this, buf, peer, tag, which);
		}

		/// <summary>Starts a send and returns at once.  The buffer must not change until the request completes; the
		/// runtime keeps it in place (and alive) until then, even if the Request is dropped.</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <remarks>Errors of the transfer itself (MPI_ERR_TRUNCATE, ...) are raised by Wait or Test, not
		/// here.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Isend (object buf, int dest, int tag)
		{
			return PostSend (buf, 0, -1, dest, tag, 0);
		}

		/// <summary>Starts sending elements [offset, offset + count) of the array <paramref name="buf"/> (MPI_Isend);
		/// the array must not change until the request completes.</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="offset">Index of the first element of the array to use.</param>
		/// <param name="count">Number of elements from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative,
		/// <paramref name="offset"/> lies outside the array or offset + count runs past its end.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array (the offset/count form needs
		/// one).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Isend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			var r = Request.Fresh (dest, tag);
			int rc = Direct.Isend (buf, offset, count, handle, 0, r);
			if (rc != 0)
				throw PostFailed (rc, buf, dest, tag, "dest");
			return r;
		}

		/// <summary>Starts a synchronous send of the whole of <paramref name="buf"/> (MPI_Issend): the request
		/// completes once the matching receive has started.</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Issend (object buf, int dest, int tag)
		{
			return PostSend (buf, 0, -1, dest, tag, 1);
		}

		/// <summary>Starts a synchronous send of elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Issend).</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references (of any
		/// rank: a double[,] is one buffer in row-major order), or an object without reference fields.</param>
		/// <param name="offset">Index of the first element of the array to use.</param>
		/// <param name="count">Number of elements from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank (in the remote group for an intercommunicator), or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative,
		/// <paramref name="offset"/> lies outside the array or offset + count runs past its end.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array (the offset/count form needs
		/// one).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="dest"/> is this rank and the buffer overlaps the buffer
		/// of a receive from this rank still in flight (MPI forbids touching it until it completes).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Issend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return PostSend (buf, offset, count, dest, tag, 1);
		}

		/// <summary>Starts receiving into the whole of <paramref name="buf"/> (MPI_Irecv).  The buffer must not be read
		/// or written until the request completes; the runtime keeps it in place (and alive) until then.</summary>
		/// <param name="buf">Where the message lands: an array of a primitive type or of structs without references (of
		/// any rank), or an object without reference fields.</param>
		/// <param name="source">The source rank (remote group for an intercommunicator), <see cref="MPI.ANY_SOURCE"/>
		/// or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <remarks>Errors of the transfer itself (MPI_ERR_TRUNCATE, ...) are raised by Wait or Test, not
		/// here.  Behind an <see cref="OIrecv"/> whose source and tag overlap and that has not matched yet, the receive
		/// (this form and the others) is queued and posted once the OIrecv has matched, so that the OIrecv gets the
		/// first message, as MPI's order asks (<see cref="ORequest"/>).</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside
		/// 0..<see cref="MPI.TAG_UB"/> and not <see cref="MPI.ANY_TAG"/>.</exception>
		/// <exception cref="ArgumentException">The message may come from this rank and the buffer overlaps the buffer
		/// of a send to this rank still in flight.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Irecv (object buf, int source, int tag)
		{
			return PostRecv (buf, 0, -1, source, tag);
		}

		/// <summary>Starts receiving into elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Irecv).</summary>
		/// <param name="buf">Where the message lands: an array of a primitive type or of structs without references (of
		/// any rank), or an object without reference fields.</param>
		/// <param name="offset">Index of the first element of the array to use.</param>
		/// <param name="count">Number of elements from <paramref name="offset"/>.</param>
		/// <param name="source">The source rank (remote group for an intercommunicator), <see cref="MPI.ANY_SOURCE"/>
		/// or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe: the runtime completes the operation and releases the buffer anyway.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer: it is not an array of a
		/// primitive type or of structs without references, nor an object without reference fields (strings, object[]
		/// and classes with reference fields are refused; use the O-operations for object graphs).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative,
		/// <paramref name="offset"/> lies outside the array or offset + count runs past its end.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array (the offset/count form needs
		/// one).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>), or <paramref name="tag"/> is outside
		/// 0..<see cref="MPI.TAG_UB"/> and not <see cref="MPI.ANY_TAG"/>.</exception>
		/// <exception cref="ArgumentException">The message may come from this rank and the buffer overlaps the buffer
		/// of a send to this rank still in flight.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Irecv (object buf, int offset, int count, int source, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			var r = Request.Fresh (source, tag);
			int rc = Direct.Irecv (buf, offset, count, handle, r);
			if (rc != 0)
				return IrecvBehind (rc, buf, offset, count, r);
			return r;
		}

		// ---- probe ---------------------------------------------------------------------------------

		/// <summary>Waits until a matching message can be received, without receiving it (MPI_Probe).</summary>
		/// <param name="source">The source rank to match, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size (see <see cref="Status.Get_count"/>);
		/// may be null.</param>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor ANY_SOURCE or PROC_NULL), or <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Probe (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = Direct.Probe (source, tag, handle, (IntPtr) (status == null ? null : &st));
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			if (status != null)
				status.data = st;
		}

		/// <summary>Whether a matching message can be received now, without receiving it (MPI_Iprobe).</summary>
		/// <param name="source">The source rank to match, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size when one is found; may be null.</param>
		/// <returns>True if a matching message is waiting.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor ANY_SOURCE or PROC_NULL), or <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public bool Iprobe (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int flag;
			int rc = Direct.Iprobe (source, tag, handle, out flag, (IntPtr) (status == null ? null : &st));
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			if (flag == 0) {
				ORequest.Poll (); // a probe in a loop lets the object receives waiting unmatched make progress
				return false;
			}
			if (status != null)
				status.data = st;
			return true;
		}

		// ---- communicator management ---------------------------------------------------------------

		/// <summary>A new communicator with the same group and a new context (MPI_Comm_dup), so that its messages never
		/// match this one's.  Collective.</summary>
		/// <returns>The new communicator; free it with <see cref="Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized; or the MPI library has no room for
		/// another communicator (too many communicators: free the ones no longer needed with Free), raised on every
		/// rank of the call.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Comm Dup ()
		{
			return new Comm (DupHandle ());
		}

		internal int DupHandle ()
		{
			int h;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			Errors.Check (MPDirect.CommDup (handle, out h));
			return h;
		}

		/// <summary>Frees the communicator; using it afterwards raises ObjectDisposedException.</summary>
		/// <remarks>Collective.  Freeing it twice raises ObjectDisposedException.  Freeing it while another thread of
		/// this rank is using it is erroneous, as in MPI, and not guarded: that thread's call may reach the MPI library
		/// with the freed communicator (an MPIException, or an abort in the library).  A call that starts after Free
		/// has returned raises ObjectDisposedException.</remarks>
		/// <exception cref="InvalidOperationException">The communicator is <see cref="MPI.COMM_WORLD"/> or
		/// <see cref="MPI.COMM_SELF"/>, which cannot be freed; or MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed already.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Free ()
		{
			int rc = MPDirect.CommFree (handle);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			handle = -1;
		}

		/// <summary>Aborts every process of the communicator's job with <paramref name="errorcode"/>.</summary>
		/// <param name="errorcode">The exit status the job's processes return (the MPI library may change it).</param>
		/// <remarks>Does not return when it succeeds.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed (<see cref="Free"/>).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Abort (int errorcode)
		{
			Errors.Check (MPDirect.Abort (handle, errorcode));
		}
	}

	/// <summary>A communicator within one group of processes: the point-to-point operations of <see cref="Comm"/> and
	/// the collectives (Barrier, Bcast, Scatter, Gather, Allreduce, ... and the object collectives OBcast, OScatter,
	/// OGather, OAllgather).</summary>
	/// <remarks>
	/// <para>Every collective must be called by every rank of the communicator, in the same order.  Arguments are
	/// checked on each rank before any data moves, and on a communicator of several ranks all ranks first agree
	/// whether every rank accepted its arguments (one small MPI_Allreduce).  If any rank refused, no rank moves any
	/// data and no buffer changes: the rank that refused raises its own exception (ArgumentException and so on, as
	/// documented on each method), and every other rank raises InvalidOperationException naming the lowest refusing
	/// rank.  The communicator stays usable for the next collective.</para>
	/// <para>A collective on a freed communicator raises ObjectDisposedException on the ranks that freed it
	/// without taking part in the agreement.</para>
	/// </remarks>
	public partial class Intracomm : Comm
	{
		internal Intracomm (int handle) : base (handle)
		{
		}

		/// <summary>A new intracommunicator with the same group and a new context (MPI_Comm_dup).
		/// Collective.</summary>
		/// <returns>The new communicator; free it with <see cref="Comm.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized; or the MPI library has no room for
		/// another communicator (too many communicators: free the ones no longer needed with Free), raised on every
		/// rank of the call.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public new Intracomm Dup ()
		{
			return new Intracomm (DupHandle ());
		}

		/// <summary>Waits until every rank of the communicator has called Barrier (MPI_Barrier).</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Barrier ()
		{
			int rc = MPDirect.Barrier (handle);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}
	}
}

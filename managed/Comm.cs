// Comm: a communicator and its point-to-point operations.
//
// Every operation is one internal call that validates its arguments, resolves the buffer in place and returns a
// code; this side only turns a non-zero code into an exception (Errors.Make).  Buffers: arrays of primitive
// types (any rank: double[,] is one buffer, indexed in row-major order), arrays of structs without references,
// and single objects without reference fields.  Anything else is refused with ArgumentException.
using System.Runtime.CompilerServices;

namespace System.MP
{
	public unsafe partial class Comm
	{
		internal int handle;

		internal Comm (int handle)
		{
			this.handle = handle;
		}

		internal bool IsValid { get { return MPDirect.CommSize (handle) >= 0; } }
		internal int RemoteSizeForChecks { get { return MPDirect.CommSize (handle); } }

		public int Get_rank ()
		{
			int r = MPDirect.CommRank (handle);
			if (r < 0)
				throw Errors.Make (r, this, null, 0, 0, null);
			return r;
		}

		public int Get_size ()
		{
			int s = MPDirect.CommSize (handle);
			if (s < 0)
				throw Errors.Make (s, this, null, 0, 0, null);
			return s;
		}

		public int Rank { get { return Get_rank (); } }
		public int Size { get { return Get_size (); } }

		// ---- send ----------------------------------------------------------------------------------

		// The per-message operations (Send, Recv, Isend, Irecv, Request.Wait) are inlined into their callers: each is
		// a check or two around one internal call, and a call frame of its own cost Mono's JIT more than its body
		// (arguments spilled and reloaded, five registers saved): 394 -> 348 JIT-compiled instructions per Irecv +
		// Send + Wait (bench/run-instructions.sh).

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Send (object buf, int dest, int tag)
		{
			int rc = MPDirect.Send (buf, 0, -1, dest, tag, handle, 0);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Send (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			int rc = MPDirect.Send (buf, offset, count, dest, tag, handle, 0);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		/// <summary>Synchronous send: returns once the matching receive has started.</summary>
		public void Ssend (object buf, int dest, int tag)
		{
			int rc = MPDirect.Send (buf, 0, -1, dest, tag, handle, 1);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		public void Ssend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			int rc = MPDirect.Send (buf, offset, count, dest, tag, handle, 1);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		// ---- receive -------------------------------------------------------------------------------

		/// <summary>Receives into the whole of <paramref name="buf"/>.  A longer message raises
		/// MPIException (MPI_ERR_TRUNCATE) and writes nothing outside the buffer.  status may be null.</summary>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Recv (object buf, int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = MPDirect.Recv (buf, 0, -1, source, tag, handle, status == null ? null : &st);
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw RecvFailed (rc, "Recv", st, buf, -1, source, tag);
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Recv (object buf, int offset, int count, int source, int tag, Status status)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			StatusData st = default (StatusData);
			int rc = MPDirect.Recv (buf, offset, count, source, tag, handle, status == null ? null : &st);
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw RecvFailed (rc, "Recv", st, buf, count, source, tag);
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

		public void Sendrecv (object sendbuf, int dest, int sendtag, object recvbuf, int source, int recvtag, Status status)
		{
			Sendrecv (sendbuf, 0, -1, dest, sendtag, recvbuf, 0, -1, source, recvtag, status);
		}

		public void Sendrecv (object sendbuf, int sendoffset, int sendcount, int dest, int sendtag,
		                      object recvbuf, int recvoffset, int recvcount, int source, int recvtag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = MPDirect.Sendrecv (sendbuf, sendoffset, sendcount, dest, sendtag,
			                            recvbuf, recvoffset, recvcount, source, recvtag, handle, &st);
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

		// Posting: the Request first (the spare an earlier Wait made, if there is one), then one internal call.  A
		// send and a receive each have their own (inlined) body, and the exception is built out of line: Mono's JIT
		// did not fold the flag of one shared body, so each post kept both internal calls and spilled every argument
		// (14 instructions more per receive, bench/run-instructions.sh).  The ranged Isend and Irecv, the forms
		// message loops use, repeat the body instead of calling it: an inlined call inside an inlined method copies
		// every argument once more (14 instructions per receive).
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		Request PostSend (object buf, int offset, int count, int dest, int tag, int mode)
		{
			var r = Request.Fresh ();
			int rc = MPDirect.Isend (buf, offset, count, dest, tag, handle, mode, r);
			if (rc != 0)
				throw PostFailed (rc, buf, dest, tag, "dest");
			return r;
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		Request PostRecv (object buf, int offset, int count, int source, int tag)
		{
			var r = Request.Fresh ();
			int rc = MPDirect.Irecv (buf, offset, count, source, tag, handle, r);
			if (rc != 0)
				throw PostFailed (rc, buf, source, tag, "source");
			return r;
		}

		[MethodImpl (MethodImplOptions.NoInlining)]
		Exception PostFailed (int rc, object buf, int peer, int tag, string which)
		{
			return Errors.Make (rc, this, buf, peer, tag, which);
		}

		/// <summary>Starts a send and returns at once.  The buffer must not change until the request
		/// completes; the runtime keeps it in place (and alive) until then, even if the Request is dropped.</summary>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Isend (object buf, int dest, int tag)
		{
			return PostSend (buf, 0, -1, dest, tag, 0);
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Isend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			var r = Request.Fresh ();
			int rc = MPDirect.Isend (buf, offset, count, dest, tag, handle, 0, r);
			if (rc != 0)
				throw PostFailed (rc, buf, dest, tag, "dest");
			return r;
		}

		public Request Issend (object buf, int dest, int tag)
		{
			return PostSend (buf, 0, -1, dest, tag, 1);
		}

		public Request Issend (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return PostSend (buf, offset, count, dest, tag, 1);
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Irecv (object buf, int source, int tag)
		{
			return PostRecv (buf, 0, -1, source, tag);
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public Request Irecv (object buf, int offset, int count, int source, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			var r = Request.Fresh ();
			int rc = MPDirect.Irecv (buf, offset, count, source, tag, handle, r);
			if (rc != 0)
				throw PostFailed (rc, buf, source, tag, "source");
			return r;
		}

		// ---- probe ---------------------------------------------------------------------------------

		public void Probe (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int rc = MPDirect.Probe (source, tag, handle, status == null ? null : &st);
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			if (status != null)
				status.data = st;
		}

		public bool Iprobe (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int flag;
			int rc = MPDirect.Iprobe (source, tag, handle, out flag, status == null ? null : &st);
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			if (flag != 0 && status != null)
				status.data = st;
			return flag != 0;
		}

		// ---- communicator management ---------------------------------------------------------------

		public Comm Dup ()
		{
			return new Comm (DupHandle ());
		}

		internal int DupHandle ()
		{
			int h;
			Errors.Check (MPDirect.CommDup (handle, out h));
			return h;
		}

		/// <summary>Frees the communicator; using it afterwards raises ObjectDisposedException.</summary>
		public void Free ()
		{
			int rc = MPDirect.CommFree (handle);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			handle = -1;
		}

		/// <summary>Aborts every process of the communicator's job with <paramref name="errorcode"/>.</summary>
		public void Abort (int errorcode)
		{
			Errors.Check (MPDirect.Abort (handle, errorcode));
		}
	}

	public partial class Intracomm : Comm
	{
		internal Intracomm (int handle) : base (handle)
		{
		}

		public new Intracomm Dup ()
		{
			return new Intracomm (DupHandle ());
		}

		public void Barrier ()
		{
			int rc = MPDirect.Barrier (handle);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}
	}
}

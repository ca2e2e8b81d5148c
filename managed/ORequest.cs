// ORequest: a non-blocking object receive (Comm.OIrecv).
//
// The size of an object message is unknown until it arrives, so nothing can be posted in advance.  OIrecv
// only records (source, tag, communicator); Test performs a non-blocking matched probe (MPI_Improbe) and, when a
// message has matched, receives it through its handle (MPI_Imrecv) and deserialises it; Wait does the same with
// a blocking matched probe (polled, then waiting in a GC-safe region).  A matched probe takes the message out of
// matching, so several OIrecv with ANY_SOURCE never receive the same message and never lose one.  Consequences
// worth knowing: which of several pending ORequests with overlapping wildcards gets which message depends on the
// order in which they are tested, not posted; an ORequest that is never tested leaves its message with MPI;
// Test may take as long as the transfer of a message that has already matched.
using System.Runtime.Serialization;
using System.Threading;

namespace System.MP
{
	/// <summary>A non-blocking object receive (<see cref="Comm.OIrecv"/>); <see cref="Object"/> holds the received
	/// object once the request completes.</summary>
	/// <remarks>The size of an object message is unknown until it arrives, so nothing is posted in advance: the
	/// message is matched when the request is tested or waited for (a matched probe), so several ORequests with
	/// wildcards never receive the same message.  Which of several pending ORequests gets which message depends on the
	/// order they are tested in.  An ORequest that is never tested leaves its message with MPI.  Cancelling one that
	/// has not matched always succeeds.</remarks>
	public unsafe class ORequest : Request
	{
		readonly int source, tag, comm;
		object received;
		Exception error;

		internal ORequest (int source, int tag, int comm)
		{
			this.source = source;
			this.tag = tag;
			this.comm = comm;
		}

		/// <summary>The received object (the root of its graph) once the request has completed.</summary>
		/// <remarks>Null until then, and when null was sent.</remarks>
		public object Object { get { return received; } }

		internal override bool IsDeferred { get { return true; } }

		internal override int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			if (Volatile.Read (ref done) != 0) {
				f = 1;
				return 0;
			}
			StatusData st = default (StatusData);
			int flag, code;
			object o = MPDirect.OIrecvProgress (source, tag, comm, wait ? 1 : 0, out flag, &st, out code);
			f = flag;
			if (flag == 0)
				return code; // nothing matched yet, or the probe itself was refused
			// Matched and consumed: the request is complete, with or without an error.
			received = o;
			result = st;
			rc = code;
			if (code != 0)
				error = Errors.Make (code, null, null, st.source, st.tag, "source");
			Volatile.Write (ref done, 1);
			return 0;
		}

		internal override int CancelNative ()
		{
			// Nothing is posted until a message matches: cancelling before then always succeeds.
			if (Volatile.Read (ref done) == 0) {
				result = new StatusData { source = source, tag = tag, cancelled = 1 };
				Volatile.Write (ref done, 1);
			}
			return 0;
		}

		internal override Exception ResultException (string op)
		{
			return error ?? base.ResultException (op);
		}
	}
}

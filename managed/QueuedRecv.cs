// Typed receives posted after an object receive that has not matched yet.
//
// An OIrecv posts nothing in MPI until its message has matched (ORequest), so MPI would match a typed receive
// posted after it first, and give it the message that MPI's order gives the object receive.  The runtime refuses
// a typed receive whose envelope overlaps one waiting in ORequest's list (Errors.EBEHIND,
// runtime-ext/recv-order.c).  An Irecv is then queued in the list (QueuedRecv) and posted in its turn, by the
// first test or wait of the process, or pass of the progress thread, that finds every receive listed before it
// with an overlapping envelope gone; a blocking Recv waits in the runtime until those have matched
// (ORequest.AwaitBefore), and a Sendrecv becomes Isendrecv and Wait (its send must not wait: the peer may wait
// for it before it sends the object message).
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;

namespace System.MP
{
	// An Irecv queued behind object receives: posted (inner) when its turn comes, then completed through that
	// request, as a persistent collective is through its non-blocking form.
	unsafe sealed class QueuedRecv : Request
	{
		readonly object buf;
		readonly Layout layout; // kept alive for its handle
		readonly int offset, count, handle;
		readonly LinkedListNode<ORequest.Entry> node; // its envelope too
		Request inner;
		Exception error;

		// The receive of Irecv (buf, offset, count, ...), or through layout (its handle) from element offset.
		internal QueuedRecv (Comm comm, object buf, int offset, int count, Layout layout, int handle, int source, int tag)
		{
			this.buf = buf;
			this.offset = offset;
			this.count = count;
			this.layout = layout;
			this.handle = layout != null ? handle : -1;
			// The source, tag and communicator are checked now, as Irecv checks them; Iprobe has no effect.
			int flag;
			int code = Direct.Iprobe (source, tag, comm.handle, out flag, IntPtr.Zero);
			if (code != 0)
				throw Errors.Make (code, comm, null, source, tag, "source");
			node = ORequest.Queue (this, source, tag, comm.handle);
		}

		// Called by ORequest under its lock, once this receive has left the list: makes the receive (past the
		// runtime's check, since the receives listed after this one must not hold it back; between the blocking
		// hooks on the progress thread).  A refusal completes this request with it.
		internal void Post ()
		{
			var r = new Request ();
			ORequest.Entry e = node.Value;
			int code = MPDirect.IrecvQueued (buf, offset, count, handle, e.Source, e.Tag, e.Comm, r);
			GC.KeepAlive (layout);
			if (code != 0) {
				error = Errors.Make (code, null, null, e.Source, e.Tag, "source");
				result = new StatusData { source = e.Source, tag = e.Tag };
				rc = PartFailed;
				Volatile.Write (ref done, 1);
				return;
			}
			Volatile.Write (ref inner, r);
			if (IsFreed)
				r.Free ();
		}

		internal override bool IsDeferred { get { return true; } }

		internal override int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			for (int spins = 0;; spins++) {
				if (Volatile.Read (ref done) != 0) {
					f = 1;
					return 0;
				}
				Request r = Volatile.Read (ref inner);
				if (r != null) {
					var st = wantStatus ? new Status () : null;
					bool flag = CompletePart (r, wait, st, wait ? "Wait" : "Test", ref error);
					f = flag ? 1 : 0;
					if (flag) {
						result = st != null ? st.data : default (StatusData);
						rc = error != null ? PartFailed : 0;
						Volatile.Write (ref done, 1);
					}
					return 0;
				}
				ORequest.ProgressUnmatched (); // posts this one if its turn has come
				if (Volatile.Read (ref inner) != null || Volatile.Read (ref done) != 0)
					continue;
				if (!wait) {
					f = 0;
					return 0;
				}
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		internal override int CancelNative ()
		{
			if (ORequest.Unqueue (node)) {
				result = new StatusData { source = node.Value.Source, tag = node.Value.Tag, cancelled = 1 };
				Volatile.Write (ref done, 1);
				return 0;
			}
			Request r = Volatile.Read (ref inner);
			return r != null ? r.CancelNative () : 0;
		}

		// A request freed before its turn is still posted (its message must not go to a later receive), then
		// freed; one freed after, freed now.
		internal override void Freed ()
		{
			Request r = Volatile.Read (ref inner);
			if (r != null)
				r.Free ();
		}

		internal override Exception ResultException (string op)
		{
			return error ?? base.ResultException (op);
		}
	}

	public partial class Comm
	{
		// An Irecv the runtime refused with Errors.EBEHIND: queued behind those receives.  Any other code is thrown.
		// The source and tag are the envelope of the Request the runtime refused (Request.Fresh (peer, tag)), so that
		// the inlined Irecv keeps none of its arguments for this call.
		[MethodImpl (MethodImplOptions.NoInlining)]
		Request IrecvBehind (int rc, object buf, int offset, int count, Request refused)
		{
			int source = refused.envelopePeer, tag = refused.envelopeTag;
			if (rc != Errors.EBEHIND)
				throw PostFailed (rc, buf, source, tag, "source");
			return new QueuedRecv (this, buf, offset, count, null, 0, source, tag);
		}

		// As IrecvBehind, for an Irecv through a layout (handle h of layout).
		internal Request IrecvBehind (int rc, Array buf, int offset, Layout layout, int h, int source, int tag)
		{
			if (rc != Errors.EBEHIND)
				throw PostFailed (rc, buf, source, tag, "source");
			return new QueuedRecv (this, buf, offset, 0, layout, h, source, tag);
		}
	}
}

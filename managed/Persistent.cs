// Persistent requests: Send_init, Ssend_init, Recv_init and Prequest.Start.
//
// MPI_Send_init captures the buffer's address once, at init; a managed buffer of 8,000 bytes or less may move at
// any collection in which nothing pins it.  Keeping it pinned from init to Free would pin it for the life of the
// request, used or not; re-creating the MPI persistent request only when the buffer has moved would need the
// address checked at every Start anyway.  So a Prequest records the arguments (checked at init, as MPI checks
// them) and each Start posts them as a fresh Isend/Issend/Irecv through the runtime's request slots: the buffer
// is resolved at Start, pinned only while the operation is in flight, and released when it completes -- by
// Wait/Test or by the GC hook if the program never waits -- so between uses it is free to move, and MPI never
// writes to an address the collector has moved away from.  Each Start costs the one MPI call MPI_Start costs,
// and messages match in the order the Starts were made, as with MPI's persistent requests.
using System.Runtime.CompilerServices;
using System.Threading;

namespace System.MP
{
	/// <summary>A persistent request (<see cref="Comm.Send_init(object,int,int)"/>, <see
	/// cref="Comm.Ssend_init(object,int,int)"/>, <see cref="Comm.Recv_init(object,int,int)"/>): an operation set up
	/// once and started as often as needed with <see cref="Start"/> or <see cref="Startall"/>.</summary>
	/// <remarks>A Prequest is inactive until started; <see cref="Request.Wait()"/>, <see cref="Request.Test()"/>
	/// and the static completion functions complete the operation and leave the request inactive again, ready for
	/// the next Start.  Waiting on an inactive Prequest returns at once with MPI's empty status.  The buffer is
	/// resolved at every Start and held in place only while the operation is in flight: between uses the garbage
	/// collector may move it.  The buffer must not be touched while the operation is in flight.
	/// <see cref="Request.Free"/> gives the request up: an operation in flight still completes (the runtime
	/// completes it and releases the buffer), and Start raises afterwards.  Dropping a Prequest leaves nothing
	/// behind, started or not.</remarks>
	public sealed class Prequest : Request
	{
		readonly Comm comm;
		readonly object buf;
		readonly Layout layout; // or null: elements [offset, offset + count)
		readonly int offset, count, peer, tag, kind;
		// A persistent collective (Intracomm.Bcast_init ...): posts its non-blocking form; then `inner` is the
		// collective started last, until its completion has been learnt, and `error` what that completion raised.
		readonly Func<Request> collective;
		Request inner;
		Exception error;

		// A send's kind is its mode (native-mpi/motor-mpi.h, motor_send_mode).
		internal const int SendKind = 0, SsendKind = 1, BsendKind = 2, RsendKind = 3, RecvKind = 4;

		internal Prequest (Comm comm, object buf, int offset, int count, Layout layout, int peer, int tag, int kind)
		{
			this.comm = comm;
			this.buf = buf;
			this.layout = layout;
			this.offset = offset;
			this.count = count;
			this.peer = peer;
			this.tag = tag;
			this.kind = kind;
			ended = ConsumedBit; // inactive until started
		}

		internal Prequest (Func<Request> collective)
		{
			this.collective = collective;
			send = CollRequest.Collective; // Cancel refuses it, as it refuses a non-blocking collective
			ended = ConsumedBit;
		}

		// A collective has no slot of its own: it is completed through the request of its non-blocking form.
		internal override bool IsDeferred { get { return collective != null; } }

		internal override int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			if (collective == null)
				return base.CompleteNative (wait, wantStatus, out f);
			if (Volatile.Read (ref done) != 0) {
				f = 1;
				return 0;
			}
			var st = wantStatus ? new Status () : null;
			bool flag = CompletePart (inner, wait, st, wait ? "Wait" : "Test", ref error);
			f = flag ? 1 : 0;
			if (flag) {
				inner = null;
				result = st != null ? st.data : default (StatusData);
				rc = error != null ? PartFailed : 0;
				Volatile.Write (ref done, 1);
			}
			return 0;
		}

		internal override Exception ResultException (string op)
		{
			return error ?? base.ResultException (op);
		}

		// `entry`: the request's index in Startall's array, or -1 for Start.  The operation's name is put together
		// only when the check fails: a Startall that built it for every entry spent more time on those strings than
		// on posting the operations.
		void CheckStartable (int entry)
		{
			// Inactive (its completion reported, or never started) and not freed: `ended` is only ConsumedBit.
			if (ended != ConsumedBit)
				throw NotStartable (entry);
		}

		[MethodImpl (MethodImplOptions.NoInlining)]
		Exception NotStartable (int entry)
		{
			if (IsFreed)
				return new InvalidOperationException (OpName (entry) + ": the persistent request has been freed " +
					"(Request.Free); make a new one with Send_init, Recv_init, Allreduce_init ... (the call that made it)");
			return new InvalidOperationException (OpName (entry) + ": the persistent request is active (started " +
				"and not yet completed): complete it with Wait or Test (until true) before starting it again");
		}

		static string OpName (int entry)
		{
			return entry < 0 ? "Start" : "Startall (entry " + entry + ")";
		}

		/// <summary>Starts the operation (MPI_Start): posts the send or receive with the arguments given at init,
		/// on the buffer where it is now.</summary>
		/// <remarks>Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or the static
		/// completion functions; the request is then inactive and may be started again.</remarks>
		/// <exception cref="InvalidOperationException">The request is active (started and not yet completed by Wait
		/// or Test), or has been freed; or MPI has been finalized.  Nothing is posted.  Or, for a receive, an
		/// <see cref="Comm.OIrecv"/> posted before with an overlapping source and tag has not matched yet: MPI would
		/// give it the first matching message, and a persistent receive cannot wait behind it (Wait for the OIrecv
		/// first, or use another tag).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed since init.</exception>
		/// <exception cref="ArgumentException">A message of this rank to itself whose buffer overlaps that of an
		/// operation of the other direction in flight.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Start ()
		{
			CheckStartable (-1);
			Post ();
		}

		void Post ()
		{
			// The request is inactive: nothing else writes its result now (its last slot, if any, is free).
			rc = 0;
			result = default (StatusData);
			if (collective != null) {
				error = null;
				Volatile.Write (ref done, 0);
				inner = collective (); // this rank's refusal raises here; another rank's at the completion
				ended = 0; // active; not freed (CheckStartable)
				return;
			}
			int code, h;
			if (layout != null) {
				code = layout.HandleFor ((Array) buf, out h);
				if (code == 0)
					code = kind == RecvKind
						? MPDirect.IrecvLayout (buf, offset, h, peer, tag, comm.handle, this)
						: MPDirect.IsendLayout (buf, offset, h, peer, tag, comm.handle, kind, this);
			} else {
				SetEnvelope (peer, tag);
				code = kind == RecvKind
					? Direct.Irecv (buf, offset, count, comm.handle, this)
					: Direct.Isend (buf, offset, count, comm.handle, kind, this);
			}
			if (code != 0)
				throw Errors.Make (code, comm, buf, peer, tag, kind == RecvKind ? "source" : "dest");
			ended = 0; // active; not freed (CheckStartable)
		}

		/// <summary>Starts every request of <paramref name="requests"/> (MPI_Startall), in array order.</summary>
		/// <param name="requests">The persistent requests; none may be null, active, freed, or listed twice.</param>
		/// <remarks>Every request is checked before any is started, so a refused call starts none.  If posting one
		/// fails in the runtime or the MPI library (a freed communicator, no request slot), the ones before it in the
		/// array have been started: complete them as usual.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> or one of its entries is
		/// null.</exception>
		/// <exception cref="InvalidOperationException">A request is active, freed, or listed twice; a receive waits behind an
		/// OIrecv, as for <see cref="Start"/>; or MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator of a request has been freed since
		/// init.</exception>
		/// <exception cref="ArgumentException">A message of this rank to itself whose buffer overlaps that of an
		/// operation of the other direction in flight.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public static void Startall (Prequest[] requests)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			for (int i = 0; i < requests.Length; i++) {
				if (requests[i] == null)
					throw new ArgumentNullException ("requests", "Startall: entry " + i + " is null");
				requests[i].CheckStartable (i);
				for (int j = 0; j < i; j++)
					if (ReferenceEquals (requests[i], requests[j]))
						throw new InvalidOperationException ("Startall: entries " + j + " and " + i + " are the same " +
							"request; a request cannot be started again while it is active");
			}
			foreach (var r in requests)
				r.Post ();
		}
	}

	public partial class Comm
	{
		// Whether a peer rank or a tag is refused before anything is posted, given the size of the (remote) group;
		// a receive also takes ANY_SOURCE and ANY_TAG.  Init and Isendrecv check their arguments by them.
		static bool BadPeer (int peer, bool recv, int remote)
		{
			return peer != MPI.PROC_NULL && !(recv && peer == MPI.ANY_SOURCE) && (peer < 0 || peer >= remote);
		}

		static bool BadTag (int tag, bool recv)
		{
			return !(recv && tag == MPI.ANY_TAG) && (tag < 0 || tag > MPI.TAG_UB);
		}

		// The checks MPI makes at init: buffer, peer, tag, communicator.  Start checks them again (the buffer is
		// resolved there), so these only make a bad argument raise where it was given.
		Prequest Init (object buf, int offset, int count, int peer, int tag, int kind, Layout layout = null)
		{
			bool recv = kind == Prequest.RecvKind;
			string which = recv ? "source" : "dest";
			int rc, h;
			if (layout == null) {
				rc = MPDirect.CheckBuffer (buf, offset, count);
			} else {
				rc = layout.HandleFor (buf as Array, out h);
				if (rc == 0)
					rc = MPDirect.CheckLayout (buf, offset, h);
			}
			int inter, remote = 0;
			if (rc == 0)
				rc = MPDirect.CommKind (handle, out inter, out remote);
			if (rc == 0 && BadPeer (peer, recv, remote))
				rc = Errors.ERANK;
			if (rc == 0 && BadTag (tag, recv))
				rc = Errors.ETAG;
			if (rc != 0)
				throw Errors.Make (rc, this, buf, peer, tag, which);
			return new Prequest (this, buf, offset, count, layout, peer, tag, kind);
		}

		/// <summary>A persistent standard-mode send of the whole of <paramref name="buf"/> (MPI_Send_init); each
		/// <see cref="Prequest.Start"/> sends the buffer's contents at that moment.</summary>
		/// <param name="buf">The data to send: an array of a primitive type or of structs without references, or an
		/// object without reference fields.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer (see <see
		/// cref="Send(object,int,int)"/>).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator (nor
		/// PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Send_init (object buf, int dest, int tag)
		{
			return Init (buf, 0, -1, dest, tag, Prequest.SendKind);
		}

		/// <summary>A persistent standard-mode send of elements [offset, offset + count) of the array <paramref
		/// name="buf"/> (MPI_Send_init).</summary>
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
		public Prequest Send_init (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return Init (buf, offset, count, dest, tag, Prequest.SendKind);
		}

		/// <summary>A persistent synchronous send of the whole of <paramref name="buf"/> (MPI_Ssend_init): each
		/// started operation completes once the matching receive has started.</summary>
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
		public Prequest Ssend_init (object buf, int dest, int tag)
		{
			return Init (buf, 0, -1, dest, tag, Prequest.SsendKind);
		}

		/// <summary>A persistent synchronous send of elements [offset, offset + count) of the array <paramref
		/// name="buf"/> (MPI_Ssend_init).</summary>
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
		public Prequest Ssend_init (object buf, int offset, int count, int dest, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return Init (buf, offset, count, dest, tag, Prequest.SsendKind);
		}

		/// <summary>A persistent receive into the whole of <paramref name="buf"/> (MPI_Recv_init).</summary>
		/// <param name="buf">Where each message lands: an array of a primitive type or of structs without references,
		/// or an object without reference fields.</param>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator
		/// (nor ANY_SOURCE or PROC_NULL), or <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Recv_init (object buf, int source, int tag)
		{
			return Init (buf, 0, -1, source, tag, Prequest.RecvKind);
		}

		/// <summary>A persistent receive into elements [offset, offset + count) of the array <paramref name="buf"/>
		/// (MPI_Recv_init).</summary>
		/// <param name="buf">The array to receive into.</param>
		/// <param name="offset">Index of the first element to receive into.</param>
		/// <param name="count">Number of elements room is given for.</param>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer, or is not an
		/// array.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; <paramref name="source"/> is not a rank of the communicator (nor ANY_SOURCE
		/// or PROC_NULL); or <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Recv_init (object buf, int offset, int count, int source, int tag)
		{
			if ((offset | count) < 0)
				throw Errors.BadRange (offset, count);
			return Init (buf, offset, count, source, tag, Prequest.RecvKind);
		}
	}
}

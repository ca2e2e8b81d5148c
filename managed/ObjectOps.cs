// The extended object-oriented operations (paper §4.2.2, §7.5): whole object graphs in one call.
//
// The runtime serialises the graph reachable from the object -- primitive, struct and string fields always,
// reference fields only when marked [Transportable], arrays with all their elements, shared objects and cycles
// kept -- into a native buffer, moves it as one MPI message (or one byte collective), and rebuilds it on the
// other side.  Collectives use a split representation: one serialisation pass produces a part per rank, each
// with its own type table, moved by one MPI_Scatterv / MPI_Gatherv / MPI_Allgatherv.  See serializer/ for the
// format and runtime-ext/icall-object.c for the operations.
using System.Runtime.Serialization;

namespace System.MP
{
	public unsafe partial class Comm
	{
		/// <summary>The exception for code <paramref name="rc"/> of object collective <paramref name="what"/>, whose
		/// argument <paramref name="param"/> was <paramref name="buf"/>.</summary>
		internal Exception ObjectCollectiveError (int rc, string what, object buf, int root, string param)
		{
			if (rc == Errors.EMISMATCH)
				return Errors.New (rc, what + ": the root differs between the ranks, or some ranks called another " +
					"object collective (every rank must call the same one with the same root), so no rank moved any data; " +
					"the communicator can be used again", "root");
			if (rc == Errors.ENULL)
				return new ArgumentNullException (param, what + ": " + param + " is null");
			return Errors.Make (rc, this, buf, root, 0, "root");
		}

		/// <summary>Sends the object graph rooted at <paramref name="obj"/> (may be null).</summary>
		/// <param name="obj">The root of the graph.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator, or
		/// <paramref name="tag"/> is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void OSend (object obj, int dest, int tag)
		{
			if (ORequest.Unmatched > 0) {
				// An object receive waits unmatched (ORequest): the peer may wait for it before it receives this
				// message, so the send is waited for by polling, which tests that receive too.
				OIsend (obj, dest, tag).Wait ();
				return;
			}
			int rc = MPDirect.OSend (obj, 0, -1, dest, tag, handle);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, dest, tag, "dest");
		}

		/// <summary>Sends elements [offset, offset + numcomponents) of the one-dimensional array
		/// <paramref name="obj"/>, with the graphs they reach, as an array of the same type.</summary>
		/// <param name="obj">A one-dimensional array.</param>
		/// <param name="offset">Index of the first element to send.</param>
		/// <param name="numcomponents">Number of elements to send.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="obj"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="numcomponents"/>
		/// is negative or the range runs past the array.</exception>
		/// <exception cref="ArgumentException"><paramref name="obj"/> is not a one-dimensional array.</exception>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator, or
		/// <paramref name="tag"/> is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void OSend (object obj, int offset, int numcomponents, int dest, int tag)
		{
			if ((offset | numcomponents) < 0)
				throw Errors.BadRange (offset, numcomponents);
			if (obj == null)
				throw new ArgumentNullException ("obj");
			var whole = obj as Array;
			if (ORequest.Unmatched > 0 && whole != null && whole.GetType () == whole.GetType ().GetElementType ().MakeArrayType () &&
			    (long) offset + numcomponents <= whole.Length) {
				// As in OSend (object, int, int): the part travels as an array of its own, waited for by polling.
				var part = Array.CreateInstance (whole.GetType ().GetElementType (), numcomponents);
				Array.Copy (whole, offset, part, 0, numcomponents);
				OIsend (part, dest, tag).Wait ();
				return;
			}
			int rc = MPDirect.OSend (obj, offset, numcomponents, dest, tag, handle);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, dest, tag, "dest");
		}

		/// <summary>Receives one object message and returns its root (null if null was sent).  Any message size; status
		/// (may be null) gets its source, tag and byte count.</summary>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and byte count; may be null.</param>
		/// <returns>The root of the received graph, or null if null was sent.</returns>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator,
		/// or
		/// <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object ORecv (int source, int tag, Status status)
		{
			if (ORequest.Unmatched > 0) {
				// As in OSend: a blocking probe could wait for a peer that waits for that receive.
				ORequest q = OIrecv (source, tag);
				q.Wait (status);
				return q.Object;
			}
			StatusData st = default (StatusData);
			int rc;
			object o = MPDirect.ORecv (source, tag, handle, &st, out rc);
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			return o;
		}

		/// <summary>Receives an array of exactly <paramref name="numcomponents"/> elements (sent with the slice form of
		/// OSend) and returns a new array of length offset + numcomponents holding them at [offset, offset +
		/// numcomponents).</summary>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="offset">Where the received elements start in the returned array.</param>
		/// <param name="numcomponents">The number of elements the message must hold.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and byte count; may be null.</param>
		/// <returns>A new array of the sent element type.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="numcomponents"/>
		/// is negative or their sum exceeds int.MaxValue; or <paramref name="source"/> or <paramref name="tag"/> is out
		/// of range.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit; also raised, after the message has been consumed, when it is not a one-dimensional array of exactly
		/// <paramref name="numcomponents"/> elements.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object ORecv (int source, int offset, int numcomponents, int tag, Status status)
		{
			if ((offset | numcomponents) < 0)
				throw Errors.BadRange (offset, numcomponents);
			if ((long) offset + numcomponents > int.MaxValue)
				throw new ArgumentOutOfRangeException ("offset", "offset + numcomponents is too large");
			var a = ORecv (source, tag, status) as Array;
			if (a == null || a.Rank != 1 || a.Length != numcomponents)
				throw new SerializationException ("ORecv: expected an array of " + numcomponents + " elements, received " +
					(a == null ? "something else" : a.GetType ().FullName + " of " + a.Length));
			if (offset == 0)
				return a;
			var result = Array.CreateInstance (a.GetType ().GetElementType (), offset + numcomponents);
			Array.Copy (a, a.GetLowerBound (0), result, offset, numcomponents); // the sender's array may not start at 0
			return result;
		}

		/// <summary>Starts sending the graph rooted at <paramref name="obj"/>.  The graph is serialised before this
		/// returns, so the objects may change at once; the request owns the serialised buffer.</summary>
		/// <param name="obj">The root of the graph (may be null).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; it completes when the message has been sent.</returns>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> is not a rank of the communicator, or
		/// <paramref name="tag"/> is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request OIsend (object obj, int dest, int tag)
		{
			var r = new Request ();
			int rc = MPDirect.OIsend (obj, dest, tag, handle, r);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, dest, tag, "dest");
			return r;
		}

		/// <summary>Starts receiving an object message; ORequest.Object holds it once the request completes. The
		/// message is matched when the request is tested or waited for (see ORequest).</summary>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request; <see cref="ORequest.Object"/> holds the object once it completes.  Deserialisation
		/// errors are raised by its Wait or Test.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="source"/> is not a rank of the communicator,
		/// or
		/// <paramref name="tag"/> is out of range and not ANY_TAG.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public ORequest OIrecv (int source, int tag)
		{
			// Checks rank, tag and communicator now, so that misuse is reported here; Iprobe has no effect.
			int flag;
			int rc = Direct.Iprobe (source, tag, handle, out flag, IntPtr.Zero);
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			return new ORequest (source, tag, handle);
		}
	}

	public partial class Intracomm
	{
		/// <summary>Every rank returns the root's object graph; the root returns <paramref name="obj"/>
		/// itself.</summary>
		/// <param name="obj">At the root, the root of the graph to send (may be null); ignored elsewhere.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The root's <paramref name="obj"/> at the root, a copy of its graph elsewhere.</returns>
		/// <remarks>If a rank cannot serialise its part, no rank is left waiting: that rank raises the reason and the
		/// ranks that needed its part raise SerializationException naming it.</remarks>
		/// <exception cref="ArgumentException">The root differs between the ranks, or some ranks called another object
		/// collective: raised on every rank, and no rank moved any data.</exception>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (a root out of range, null
		/// counts at the root): no rank moved any data.  Or MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object OBcast (object obj, int root)
		{
			int rc;
			object o = MPDirect.OBcast (obj, root, handle, out rc);
			if (rc != 0)
				throw ObjectCollectiveError (rc, "OBcast", obj, root, "obj");
			return o; // the root gets obj itself
		}

		/// <summary>Splits the root's array into contiguous parts in rank order (sizes differ by at most one, larger
		/// parts first) and returns this rank's part, with the graphs its elements reach.  Objects shared by elements
		/// of one part stay shared.</summary>
		/// <param name="sendarr">At the root, a one-dimensional array; ignored elsewhere.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>This rank's part: a new array of the root array's element type.</returns>
		/// <remarks>If a rank cannot serialise its part, no rank is left waiting: that rank raises the reason and the
		/// ranks that needed its part raise SerializationException naming it.</remarks>
		/// <exception cref="ArgumentNullException">At the root, <paramref name="sendarr"/> is null.</exception>
		/// <exception cref="ArgumentException">The root differs between the ranks, or some ranks called another object
		/// collective: raised on every rank, and no rank moved any data.</exception>
		/// <exception cref="ArgumentException">At the root, <paramref name="sendarr"/> is not a one-dimensional array,
		/// or an element's graph holds an object that cannot travel.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (a root out of range, null
		/// counts at the root): no rank moved any data.  Or MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Array OScatter (Array sendarr, int root)
		{
			return Scatter (sendarr, null, root);
		}

		/// <summary>As OScatter, with part r holding counts[r] elements (read at the root).</summary>
		/// <param name="sendarr">At the root, a one-dimensional array; ignored elsewhere.</param>
		/// <param name="counts">At the root, the number of elements of each rank's part: one entry per rank, none
		/// negative, adding up to the array's length; ignored elsewhere.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>This rank's part: a new array of counts[rank] elements.</returns>
		/// <remarks>If a rank cannot serialise its part, no rank is left waiting: that rank raises the reason and the
		/// ranks that needed its part raise SerializationException naming it.</remarks>
		/// <exception cref="ArgumentNullException">At the root, <paramref name="sendarr"/> or <paramref name="counts"/>
		/// is null.</exception>
		/// <exception cref="ArgumentException">The root differs between the ranks, or some ranks called another object
		/// collective: raised on every rank, and no rank moved any data.</exception>
		/// <exception cref="ArgumentException">At the root, <paramref name="counts"/> does not fit the array or the
		/// communicator, <paramref name="sendarr"/> is not a one-dimensional array, or an element's graph holds an
		/// object that cannot travel.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (a root out of range, null
		/// counts at the root): no rank moved any data.  Or MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Array OScatter (Array sendarr, int[] counts, int root)
		{
			if (counts == null && Get_rank () == root)
				throw Coll.Refuse (this, new ArgumentNullException ("counts"));
			return Scatter (sendarr, counts, root);
		}

		Array Scatter (Array sendarr, int[] counts, int root)
		{
			int rc;
			object o = MPDirect.OScatter (sendarr, counts, root, handle, out rc);
			if (rc != 0)
				throw ObjectCollectiveError (rc, "OScatter", sendarr, root, "sendarr");
			return (Array) o;
		}

		/// <summary>The root returns the concatenation, in rank order, of every rank's
		/// <paramref name="part"/> (a one-dimensional array); the other ranks return null.</summary>
		/// <param name="part">This rank's part: a one-dimensional array.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>At the root, a new array of the root part's element type; null elsewhere.</returns>
		/// <remarks>If a rank cannot serialise its part, no rank is left waiting: that rank raises the reason and the
		/// ranks that needed its part raise SerializationException naming it.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="part"/> is null.</exception>
		/// <exception cref="ArgumentException">The root differs between the ranks, or some ranks called another object
		/// collective: raised on every rank, and no rank moved any data.</exception>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit; at the root, also when a rank's part is not a one-dimensional array, or its element type differs
		/// from the root's part's.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (a root out of range, null
		/// counts at the root): no rank moved any data.  Or MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Array OGather (Array part, int root)
		{
			int rc;
			object[] parts = MPDirect.OGather (part, root, 0, handle, out rc);
			if (rc != 0)
				throw ObjectCollectiveError (rc, "OGather", part, root, "part");
			return parts == null ? null : Concat (parts, part, "OGather");
		}

		/// <summary>Every rank returns the concatenation, in rank order, of every rank's part.</summary>
		/// <param name="part">This rank's part: a one-dimensional array.</param>
		/// <returns>A new array of this rank's part's element type.</returns>
		/// <remarks>If a rank cannot serialise its part, no rank is left waiting: that rank raises the reason and the
		/// ranks that needed its part raise SerializationException naming it.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="part"/> is null.</exception>
		/// <exception cref="ArgumentException">Some ranks called another object collective: raised on every rank, and no
		/// rank moved any data.</exception>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">The message could not be rebuilt:
		/// malformed or truncated data, a type this program does not have or cannot instantiate, a type whose field
		/// layout differs from the sender's, or a message that would allocate more than the runtime's
		/// limit; also when a rank's part is not a one-dimensional array, or its element type differs from this
		/// rank's part's (then on every rank whose part differs from another's).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (a root out of range, null
		/// counts at the root): no rank moved any data.  Or MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Array OAllgather (Array part)
		{
			int rc;
			object[] parts = MPDirect.OGather (part, 0, 1, handle, out rc);
			if (rc != 0)
				throw ObjectCollectiveError (rc, "OAllgather", part, 0, "part");
			return Concat (parts, part, "OAllgather");
		}

		// The parts in rank order as one array of this rank's element type.  Every part must have that element type
		// (so that a difference raises on every rank of an OAllgather, not on some), and may start at any index.
		static Array Concat (object[] parts, Array mine, string op)
		{
			long total = 0;
			Type element = mine.GetType ().GetElementType ();
			for (int i = 0; i < parts.Length; i++) {
				var a = parts[i] as Array;
				if (a == null || a.Rank != 1)
					throw new SerializationException (op + ": rank " + i + " sent something other than a one-dimensional array");
				if (a.GetType ().GetElementType () != element)
					throw new SerializationException (op + ": rank " + i + " sent an array of " + a.GetType ().GetElementType () +
						", but this rank's part is an array of " + element + ": every rank's part must have the same element type");
				total += a.Length;
			}
			if (parts.Length == 1 && parts[0].GetType () == element.MakeArrayType ())
				return (Array) parts[0]; // already a T[] (not an array indexed from elsewhere)
			var result = Array.CreateInstance (element, total);
			long at = 0;
			foreach (Array a in parts) {
				Array.Copy (a, a.GetLowerBound (0), result, at, a.Length);
				at += a.Length;
			}
			return result;
		}
	}

	/// <summary>Counters of the native buffers the O-operations (OSend, ORecv, OBcast, ...) serialise into, since
	/// start-up on this rank.  (Serialisation on its own, without MPI, is internal: for tests and fuzzing.)</summary>
	/// <remarks>The counters describe the pool of native buffers the O-operations serialise into; a buffer unused
	/// for a whole garbage-collection cycle is given back.  Useful to check that a program's object traffic reuses
	/// buffers (BuffersReused grows, BuffersAllocated does not) and how much memory the pool holds.</remarks>
	public static class ObjectDiagnostics
	{
		/// <summary>The message OSend would send for <paramref name="obj"/>.</summary>
		internal static byte[] Serialize (object obj)
		{
			int rc;
			byte[] b = MPDirect.OSerialize (obj, out rc);
			if (rc != 0)
				throw Errors.Make (rc, null, obj, 0, 0, null);
			return b;
		}

		/// <summary>The object ORecv would return for the message <paramref name="data"/>.</summary>
		internal static object Deserialize (byte[] data)
		{
			if (data == null)
				throw new ArgumentNullException ("data");
			int rc;
			object o = MPDirect.ODeserialize (data, out rc);
			if (rc != 0)
				throw Errors.Make (rc, null, null, 0, 0, null);
			return o;
		}

		static long Count (int i)
		{
			var c = new long[7];
			MPDirect.OPoolCounts (c);
			return c[i];
		}

		/// <summary>Serialisation buffers allocated since start-up (the pool reuses them).</summary>
		public static long BuffersAllocated { get { return Count (0); } }
		/// <summary>Buffer requests served from the pool.</summary>
		public static long BuffersReused { get { return Count (1); } }
		/// <summary>Pooled buffers given back because a collection cycle passed without their use.</summary>
		public static long BuffersTrimmed { get { return Count (2); } }
		/// <summary>Buffers in the pool now (their bytes: <see cref="BytesPooled"/>).</summary>
		public static long BuffersPooled { get { return Count (3); } }
		/// <summary>The bytes of the buffers in the pool now.</summary>
		public static long BytesPooled { get { return Count (4); } }

		/// <summary>Arrays allocated in advance by a receive of an object message that waits (ORecv, OSendrecv,
		/// Wait on an OIrecv's request) since start-up, on all threads.</summary>
		/// <remarks>When the last two object messages a thread received had a largest one-dimensional array of the
		/// same type and length, small enough for the nursery (under about 8,000 bytes), the next receive that
		/// waits on that thread allocates such an array before it waits, so that the allocation happens while the
		/// message is on its way. Compare with <see cref="ArraysAllocatedInAdvanceUsed"/>: each one a message did not
		/// use is garbage.</remarks>
		public static long ArraysAllocatedInAdvance { get { return Count (5); } }
		/// <summary>Of <see cref="ArraysAllocatedInAdvance"/>, those that a received message used.</summary>
		public static long ArraysAllocatedInAdvanceUsed { get { return Count (6); } }
	}

	// Called by the runtime (serializer/plan.c), once per class: the name a type travels under, and the type a
	// received name stands for.
	internal static class ObjectSupport
	{
		static string NameOf (Type t)
		{
			string full = t.FullName;
			return full == null ? null : full + ", " + t.Assembly.GetName ().Name;
		}

		static Type Resolve (string name)
		{
			try {
				Type t = Type.GetType (name, false);
				if (t == null || t.ContainsGenericParameters || t.IsPointer || t.IsByRef || t.IsArray ||
				    t == typeof (void) || t.IsCOMObject || t.IsGenericParameter)
					return null;
				return t;
			} catch (Exception) {
				return null;
			}
		}
	}
}

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
		/// <summary>Sends the object graph rooted at <paramref name="obj"/> (may be null).</summary>
		public void OSend (object obj, int dest, int tag)
		{
			int rc = MPDirect.OSend (obj, 0, -1, dest, tag, handle);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, dest, tag, "dest");
		}

		/// <summary>Sends elements [offset, offset + numcomponents) of the one-dimensional array
		/// <paramref name="obj"/>, with the graphs they reach, as an array of the same type.</summary>
		public void OSend (object obj, int offset, int numcomponents, int dest, int tag)
		{
			if ((offset | numcomponents) < 0)
				throw Errors.BadRange (offset, numcomponents);
			if (obj == null)
				throw new ArgumentNullException ("obj");
			int rc = MPDirect.OSend (obj, offset, numcomponents, dest, tag, handle);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, dest, tag, "dest");
		}

		/// <summary>Receives one object message and returns its root (null if null was sent).  Any message
		/// size; status (may be null) gets its source, tag and byte count.</summary>
		public object ORecv (int source, int tag, Status status)
		{
			StatusData st = default (StatusData);
			int rc;
			object o = MPDirect.ORecv (source, tag, handle, &st, out rc);
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			return o;
		}

		/// <summary>Receives an array of exactly <paramref name="numcomponents"/> elements (sent with the slice
		/// form of OSend) and returns a new array of length offset + numcomponents holding them at
		/// [offset, offset + numcomponents).</summary>
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
			Array.Copy (a, 0, result, offset, numcomponents);
			return result;
		}

		/// <summary>Starts sending the graph rooted at <paramref name="obj"/>.  The graph is serialised before
		/// this returns, so the objects may change at once; the request owns the serialised buffer.</summary>
		public Request OIsend (object obj, int dest, int tag)
		{
			var r = new Request ();
			int rc = MPDirect.OIsend (obj, dest, tag, handle, r);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, dest, tag, "dest");
			return r;
		}

		/// <summary>Starts receiving an object message; ORequest.Object holds it once the request completes.
		/// The message is matched when the request is tested or waited for (see ORequest).</summary>
		public ORequest OIrecv (int source, int tag)
		{
			// Checks rank, tag and communicator now, so that misuse is reported here; Iprobe has no effect.
			int flag;
			int rc = MPDirect.Iprobe (source, tag, handle, out flag, null);
			if (rc != 0)
				throw Errors.Make (rc, this, null, source, tag, "source");
			return new ORequest (source, tag, handle);
		}
	}

	public partial class Intracomm
	{
		/// <summary>Every rank returns the root's object graph; the root returns <paramref name="obj"/>
		/// itself.</summary>
		public object OBcast (object obj, int root)
		{
			int rc;
			object o = MPDirect.OBcast (obj, root, handle, out rc);
			if (rc != 0)
				throw Errors.Make (rc, this, obj, root, 0, "root");
			return o; // the root gets obj itself
		}

		/// <summary>Splits the root's array into contiguous parts in rank order (sizes differ by at most one,
		/// larger parts first) and returns this rank's part, with the graphs its elements reach.  Objects shared
		/// by elements of one part stay shared.</summary>
		public Array OScatter (Array sendarr, int root)
		{
			return Scatter (sendarr, null, root);
		}

		/// <summary>As OScatter, with part r holding counts[r] elements (read at the root).</summary>
		public Array OScatter (Array sendarr, int[] counts, int root)
		{
			if (counts == null && Get_rank () == root)
				throw new ArgumentNullException ("counts");
			return Scatter (sendarr, counts, root);
		}

		Array Scatter (Array sendarr, int[] counts, int root)
		{
			int rc;
			object o = MPDirect.OScatter (sendarr, counts, root, handle, out rc);
			if (rc != 0)
				throw Errors.Make (rc, this, sendarr, root, 0, "root");
			return (Array) o;
		}

		/// <summary>The root returns the concatenation, in rank order, of every rank's
		/// <paramref name="part"/> (a one-dimensional array); the other ranks return null.</summary>
		public Array OGather (Array part, int root)
		{
			int rc;
			object[] parts = MPDirect.OGather (part, root, 0, handle, out rc);
			if (rc != 0)
				throw Errors.Make (rc, this, part, root, 0, "root");
			return parts == null ? null : Concat (parts, part);
		}

		/// <summary>Every rank returns the concatenation, in rank order, of every rank's part.</summary>
		public Array OAllgather (Array part)
		{
			int rc;
			object[] parts = MPDirect.OGather (part, 0, 1, handle, out rc);
			if (rc != 0)
				throw Errors.Make (rc, this, part, 0, 0, "root");
			return Concat (parts, part);
		}

		static Array Concat (object[] parts, Array mine)
		{
			long total = 0;
			foreach (var p in parts) {
				var a = p as Array;
				if (a == null || a.Rank != 1)
					throw new SerializationException ("OGather: a rank sent something other than a one-dimensional array");
				total += a.Length;
			}
			if (parts.Length == 1)
				return (Array) parts[0];
			var result = Array.CreateInstance (mine.GetType ().GetElementType (), total);
			long at = 0;
			foreach (Array a in parts) {
				Array.Copy (a, 0, result, at, a.Length);
				at += a.Length;
			}
			return result;
		}
	}

	/// <summary>Serialisation on its own, without MPI: for tests, tools and fuzzing.  Not part of the MPI
	/// API.</summary>
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
			var c = new long[5];
			MPDirect.OPoolCounts (c);
			return c[i];
		}

		/// <summary>Serialisation buffers allocated since start-up (the pool reuses them).</summary>
		public static long BuffersAllocated { get { return Count (0); } }
		/// <summary>Buffer requests served from the pool.</summary>
		public static long BuffersReused { get { return Count (1); } }
		/// <summary>Pooled buffers given back because a collection cycle passed without their use.</summary>
		public static long BuffersTrimmed { get { return Count (2); } }
		/// <summary>Buffers in the pool now, and their bytes.</summary>
		public static long BuffersPooled { get { return Count (3); } }
		public static long BytesPooled { get { return Count (4); } }
	}

	// The codes of the serializer (serializer/motor-ser.h) and their exceptions.
	internal static class ObjectErrors
	{
		internal const int First = -50, Last = -59;
		internal const int ETYPE = -50, EDATA = -51, EUNKNOWN = -52, ELAYOUT = -53, ELIMIT = -54, ECOUNT = -55, EREMOTE = -56;

		internal static Exception Make (int rc, string message)
		{
			switch (rc) {
			case ETYPE:
				return new ArgumentException (message);
			case ECOUNT:
				return new ArgumentException (message, "counts");
			default:
				return new SerializationException (message);
			}
		}
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

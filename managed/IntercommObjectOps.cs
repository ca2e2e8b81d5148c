// The object collectives (OBcast, OScatter, OGather, OAllgather) on intercommunicators, with MPI's root
// convention: the root passes MPI.ROOT, the other ranks of its group MPI.PROC_NULL, the remote group the root's
// rank in the remote group.  Data moves between the groups only.  The same internal calls as Intracomm's serve
// (runtime-ext/icall-object.c); on an intercommunicator they first agree across both groups whether any rank
// failed, so a rank that cannot serialise (or passes a bad root) raises its reason and every other rank of both
// groups raises SerializationException naming it.
using System.Runtime.Serialization;

namespace System.MP
{
	public partial class Intercomm
	{
		Exception ObjectError (int rc, object obj, int root)
		{
			if (rc == Errors.ERANK)
				return new ArgumentOutOfRangeException ("root", root, "root " + root + " is none of MPI.ROOT, MPI.PROC_NULL " +
					"or a rank of the remote group (size " + Get_remote_size () + ")");
			return Errors.Make (rc, this, obj, root, 0, "root");
		}

		/// <summary>Broadcasts the root's object graph to every rank of the remote group.</summary>
		/// <param name="obj">At the root, the root of the graph to send (may be null); ignored elsewhere.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>At the root, <paramref name="obj"/> itself; in the remote group, a copy of the root's graph; null
		/// on the root's group mates.</returns>
		/// <remarks>If the root cannot serialise its graph, or a rank passes a bad root, that rank raises the reason
		/// and every other rank of both groups raises SerializationException naming it; no rank is left
		/// waiting.</remarks>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field), or it is <see cref="MPI.IN_PLACE"/>.</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="SerializationException">The graph could not be rebuilt (malformed data, a type this program
		/// lacks or whose layout differs, a message beyond the runtime's limit), or another rank of either group
		/// failed (the message names it).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object OBcast (object obj, int root)
		{
			int rc;
			object o = MPDirect.OBcast (obj, root, handle, out rc);
			if (rc != 0)
				throw ObjectError (rc, obj, root);
			return o;
		}

		/// <summary>The root's array holds one element per rank of the remote group; remote rank j returns (a copy of
		/// the graph of) element j.</summary>
		/// <param name="sendarr">At the root, a one-dimensional array of exactly Get_remote_size() elements; ignored
		/// elsewhere.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>In the remote group, this rank's element; null in the root's group.</returns>
		/// <remarks>If the root cannot serialise the array, or a rank passes a bad root, that rank raises the reason
		/// and every other rank of both groups raises SerializationException naming it; no rank is left
		/// waiting.</remarks>
		/// <exception cref="ArgumentNullException">At the root, <paramref name="sendarr"/> is null.</exception>
		/// <exception cref="ArgumentException">At the root, <paramref name="sendarr"/> is not a one-dimensional array
		/// of Get_remote_size() elements or is <see cref="MPI.IN_PLACE"/>, or an element's graph holds an object that
		/// cannot travel.</exception>
		/// <exception cref="SerializationException">The element could not be rebuilt, or another rank of either group
		/// failed (the message names it).</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object OScatter (Array sendarr, int root)
		{
			int rc;
			object o = MPDirect.OScatter (sendarr, null, root, handle, out rc);
			if (rc != 0)
				throw ObjectError (rc, sendarr, root);
			var one = o as Array;
			return one == null ? null : one.GetValue (0);
		}

		/// <summary>Every rank of the remote group sends the graph of <paramref name="obj"/>; the root returns them,
		/// element j from remote rank j.</summary>
		/// <param name="obj">In the remote group, this rank's object (may be null); ignored in the root's
		/// group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>At the root, a new array of Get_remote_size() objects; null elsewhere.</returns>
		/// <remarks>If a rank cannot serialise its object, or passes a bad root, that rank raises the reason and every
		/// other rank of both groups raises SerializationException naming it; no rank is left waiting.</remarks>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field), or it is <see cref="MPI.IN_PLACE"/>.</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="SerializationException">A graph could not be rebuilt, or another rank of either group
		/// failed (the message names it).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object[] OGather (object obj, int root)
		{
			int rc;
			object[] parts = MPDirect.OGather (obj, root, 0, handle, out rc);
			if (rc != 0)
				throw ObjectError (rc, obj, root);
			return parts;
		}

		/// <summary>Every rank of both groups sends the graph of <paramref name="obj"/> and returns the other group's
		/// objects, element j from remote rank j.</summary>
		/// <param name="obj">This rank's object (may be null).</param>
		/// <returns>A new array of Get_remote_size() objects.</returns>
		/// <remarks>If a rank cannot serialise its object, it raises the reason and every other rank of both groups
		/// raises SerializationException naming it; no rank is left waiting.</remarks>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field), or it is <see cref="MPI.IN_PLACE"/>.</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="SerializationException">A graph could not be rebuilt, or another rank of either group
		/// failed (the message names it).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object[] OAllgather (object obj)
		{
			int rc;
			object[] parts = MPDirect.OGather (obj, 0, 1, handle, out rc);
			if (rc != 0)
				throw ObjectError (rc, obj, 0);
			return parts;
		}
	}
}

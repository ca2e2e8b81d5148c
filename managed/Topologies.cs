// The constructors of graph and distributed-graph communicators (Cartesian grids: CommManagement.cs).  Each is
// collective and agrees first (native-mpi/topo.c): a rank that refuses its arguments raises ArgumentException
// and the others InvalidOperationException naming it; arguments that must be the same on every rank, or must
// fit together, are compared across ranks and a mismatch raises ArgumentException on every rank concerned.
namespace System.MP
{
	public partial class Intracomm
	{
		/// <summary>A communicator with a graph topology (MPI_Graph_create): node i is rank i, and ranks at or beyond
		/// the number of nodes get null.  Every rank passes the same graph.</summary>
		/// <param name="index">index[i] is the number of edges of nodes 0..i (non-decreasing, from 0 or more); its
		/// length is the number of nodes, at most Get_size().</param>
		/// <param name="edges">The neighbours of node 0, then of node 1, ...: index[nnodes-1] entries, each a node
		/// (0 .. nnodes-1).</param>
		/// <param name="reorder">Whether the MPI library may renumber the ranks to fit the machine.</param>
		/// <returns>The new communicator, or null on ranks beyond the graph (on every rank for an empty graph).
		/// Collective.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="index"/> or <paramref name="edges"/> is null.</exception>
		/// <exception cref="ArgumentException">The index and edges do not describe a graph of at most Get_size()
		/// nodes, or the ranks passed different graphs (raised on every rank).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the
		/// lowest refusing rank): no communicator was made on any rank.  Also raised for an intercommunicator, when
		/// MPI has been finalized and when there are too many communicators.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public unsafe Graphcomm Create_graph (int[] index, int[] edges, bool reorder)
		{
			if (index == null)
				throw Coll.Refuse (this, new ArgumentNullException ("index"));
			if (edges == null)
				throw Coll.Refuse (this, new ArgumentNullException ("edges"));
			int h, rc;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			fixed (int* i = index, e = edges)
				rc = MPDirect.GraphCreate (handle, index.Length, i, edges.Length, e, reorder ? 1 : 0, out h);
			if (rc == Errors.EGRAPH)
				throw new ArgumentException ("index must be non-decreasing from 0 or more, with at most Get_size() (" +
					Get_size () + ") entries, and edges must hold index[nnodes-1] entries, each a node 0..nnodes-1 " +
					"(nnodes = index.Length = " + index.Length + ", edges.Length = " + edges.Length + ")", "index");
			if (rc == Errors.EMISMATCH)
				throw new ArgumentException ("every rank must pass the same graph (index and edges)", "index");
			Check (rc);
			return h < 0 ? null : new Graphcomm (h);
		}

		/// <summary>A communicator with a distributed-graph topology, each rank giving its own edges
		/// (MPI_Dist_graph_create_adjacent, without weights).  Every rank gets a communicator.</summary>
		/// <param name="sources">The ranks this rank receives from in the neighbour collectives.</param>
		/// <param name="destinations">The ranks this rank sends to.  Rank a names b here exactly as often as b names
		/// a in its sources.</param>
		/// <param name="reorder">Whether the MPI library may renumber the ranks to fit the machine.</param>
		/// <returns>The new communicator.  Collective.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="sources"/> or <paramref name="destinations"/> is null.</exception>
		/// <exception cref="ArgumentException">A rank is not in the communicator, or this rank's sources are not the
		/// ranks that name it as a destination, or another rank gave weights.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the
		/// lowest refusing rank): no communicator was made on any rank.  Also raised for an intercommunicator, when
		/// MPI has been finalized and when there are too many communicators.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Distgraphcomm Create_dist_graph_adjacent (int[] sources, int[] destinations, bool reorder)
		{
			return DistGraph (sources, null, destinations, null, reorder, false);
		}

		/// <summary>A communicator with a weighted distributed-graph topology (MPI_Dist_graph_create_adjacent).
		/// Every rank gives weights.  The weights are kept for <see cref="Distgraphcomm.Get_dist_neighbors(out int[],
		/// out int[],out int[],out int[])"/>; the MPI library may use them when it reorders.</summary>
		/// <param name="sources">The ranks this rank receives from in the neighbour collectives.</param>
		/// <param name="sourceweights">A weight (0 or more) for each source.</param>
		/// <param name="destinations">The ranks this rank sends to; rank a names b here exactly as often as b names
		/// a in its sources.</param>
		/// <param name="destweights">A weight (0 or more) for each destination.</param>
		/// <param name="reorder">Whether the MPI library may renumber the ranks to fit the machine.</param>
		/// <returns>The new communicator.  Collective.</returns>
		/// <exception cref="ArgumentNullException">An array is null.</exception>
		/// <exception cref="ArgumentException">A weight array's length differs from its rank array's, a weight is
		/// negative, a rank is not in the communicator, this rank's sources are not the ranks that name it as a
		/// destination, or another rank gave no weights.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the
		/// lowest refusing rank): no communicator was made on any rank.  Also raised for an intercommunicator, when
		/// MPI has been finalized and when there are too many communicators.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Distgraphcomm Create_dist_graph_adjacent (int[] sources, int[] sourceweights, int[] destinations, int[] destweights, bool reorder)
		{
			return DistGraph (sources, sourceweights, destinations, destweights, reorder, true);
		}

		unsafe Distgraphcomm DistGraph (int[] sources, int[] sw, int[] destinations, int[] dw, bool reorder, bool weighted)
		{
			if (sources == null)
				throw Coll.Refuse (this, new ArgumentNullException ("sources"));
			if (destinations == null)
				throw Coll.Refuse (this, new ArgumentNullException ("destinations"));
			if (weighted) {
				if (sw == null)
					throw Coll.Refuse (this, new ArgumentNullException ("sourceweights"));
				if (dw == null)
					throw Coll.Refuse (this, new ArgumentNullException ("destweights"));
				if (sw.Length != sources.Length)
					throw Coll.Refuse (this, new ArgumentException ("sourceweights must have one entry per source (" + sources.Length + ")", "sourceweights"));
				if (dw.Length != destinations.Length)
					throw Coll.Refuse (this, new ArgumentException ("destweights must have one entry per destination (" + destinations.Length + ")", "destweights"));
				// An empty array pins as a null pointer, which would mean "no weights".
				if (sw.Length == 0)
					sw = new int[1];
				if (dw.Length == 0)
					dw = new int[1];
			}
			int h, rc;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			fixed (int* s = sources, d = destinations, a = sw, b = dw)
				rc = MPDirect.DistGraphCreateAdjacent (handle, sources.Length, s, a, destinations.Length, d, b, reorder ? 1 : 0, out h);
			if (rc == Errors.EGRAPH)
				throw new ArgumentException ("every source and destination must be a rank of the communicator (size " + Get_size () +
					") and every weight 0 or more", "sources");
			if (rc == Errors.EMISMATCH)
				throw new ArgumentException ("the edges do not fit together: this rank's sources must be exactly the ranks that " +
					"name it as a destination, as often, and either every rank gives weights or none does", "sources");
			Check (rc);
			return new Distgraphcomm (h);
		}
	}
}

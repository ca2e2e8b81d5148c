// Graphcomm and Distgraphcomm: intracommunicators with a graph (MPI_Graph_*) or a distributed graph
// (MPI_Dist_graph_*) topology, made by Intracomm.Create_graph and Intracomm.Create_dist_graph_adjacent
// (managed/Topologies.cs).
namespace System.MP
{
	/// <summary>An intracommunicator with a graph topology (<see cref="Intracomm.Create_graph"/>): every rank knows
	/// the whole graph.  Node i is rank i.</summary>
	public unsafe class Graphcomm : Topocomm
	{
		internal Graphcomm (int handle) : base (handle)
		{
		}

		/// <summary>The number of nodes and of edges of the graph (MPI_Graphdims_get).</summary>
		/// <param name="nnodes">Set to the number of nodes.</param>
		/// <param name="nedges">Set to the number of edges (each direction of an undirected edge counts).</param>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Get_dims (out int nnodes, out int nedges)
		{
			Check (MPDirect.GraphGet (handle, 0, 0, null, null, out nnodes, out nedges), 0);
		}

		/// <summary>The graph as it was given to <see cref="Intracomm.Create_graph"/> (MPI_Graph_get).</summary>
		/// <param name="index">Set to the index array: index[i] is the number of edges of nodes 0..i.</param>
		/// <param name="edges">Set to the edges array: the neighbours of node 0, then of node 1, ...</param>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Get_topo (out int[] index, out int[] edges)
		{
			int nnodes, nedges;
			Get_dims (out nnodes, out nedges);
			index = new int[nnodes];
			edges = new int[nedges];
			fixed (int* i = index, e = edges)
				Check (MPDirect.GraphGet (handle, nnodes, nedges, i, e, out nnodes, out nedges), 0);
		}

		/// <summary>The number of neighbours of a rank (MPI_Graph_neighbors_count).</summary>
		/// <param name="rank">A rank of the communicator.</param>
		/// <returns>The number of neighbours.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_neighbors_count (int rank)
		{
			int n;
			Check (MPDirect.GraphNeighbors (handle, rank, 0, null, out n), rank);
			return n;
		}

		/// <summary>The neighbours of a rank, in the order of the edges array (MPI_Graph_neighbors); for this rank,
		/// the order of the blocks of the neighbour collectives.</summary>
		/// <param name="rank">A rank of the communicator.</param>
		/// <returns>The neighbours.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int[] Get_neighbors (int rank)
		{
			var r = new int[Get_neighbors_count (rank)];
			int n;
			fixed (int* p = r)
				Check (MPDirect.GraphNeighbors (handle, rank, r.Length, p, out n), rank);
			return r;
		}

		/// <summary>A new communicator with the same graph and a new context.  Collective.</summary>
		/// <returns>The new communicator; free it with <see cref="Comm.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public new Graphcomm Dup ()
		{
			return new Graphcomm (DupHandle ());
		}

		void Check (int rc, int rank)
		{
			if (rc == Errors.ERANK)
				throw new ArgumentOutOfRangeException ("rank", rank, "rank " + rank + " is not in the communicator (size " + Get_size () + ")");
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}
	}

	/// <summary>An intracommunicator with a distributed-graph topology
	/// (<see cref="Intracomm.Create_dist_graph_adjacent(int[],int[],bool)"/>): each rank knows only its own edges,
	/// the ranks it receives from (sources) and sends to (destinations).</summary>
	public unsafe class Distgraphcomm : Topocomm
	{
		internal Distgraphcomm (int handle) : base (handle)
		{
		}

		/// <summary>This rank's number of sources and destinations, and whether the graph has weights
		/// (MPI_Dist_graph_neighbors_count).</summary>
		/// <param name="indegree">Set to the number of sources.</param>
		/// <param name="outdegree">Set to the number of destinations.</param>
		/// <param name="weighted">Set to whether the graph was made with weights.</param>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Get_dist_neighbors_count (out int indegree, out int outdegree, out bool weighted)
		{
			int w;
			Check (MPDirect.DistGraphNeighbors (handle, 0, null, null, 0, null, null, out indegree, out outdegree, out w));
			weighted = w != 0;
		}

		/// <summary>This rank's sources and destinations (MPI_Dist_graph_neighbors), in the order of the blocks of
		/// the neighbour collectives.</summary>
		/// <param name="sources">Set to the ranks this rank receives from.</param>
		/// <param name="destinations">Set to the ranks this rank sends to.</param>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Get_dist_neighbors (out int[] sources, out int[] destinations)
		{
			int[] sw, dw;
			Neighbors (false, out sources, out sw, out destinations, out dw);
		}

		/// <summary>This rank's sources and destinations with their weights (MPI_Dist_graph_neighbors).</summary>
		/// <param name="sources">Set to the ranks this rank receives from.</param>
		/// <param name="sourceweights">Set to the weight of each source, or null for a graph made without weights.</param>
		/// <param name="destinations">Set to the ranks this rank sends to.</param>
		/// <param name="destweights">Set to the weight of each destination, or null for a graph made without weights.</param>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Get_dist_neighbors (out int[] sources, out int[] sourceweights, out int[] destinations, out int[] destweights)
		{
			Neighbors (true, out sources, out sourceweights, out destinations, out destweights);
		}

		void Neighbors (bool weights, out int[] sources, out int[] sw, out int[] destinations, out int[] dw)
		{
			int indeg, outdeg, w;
			bool weighted;
			Get_dist_neighbors_count (out indeg, out outdeg, out weighted);
			sources = new int[indeg];
			destinations = new int[outdeg];
			sw = weights && weighted ? new int[indeg] : null;
			dw = weights && weighted ? new int[outdeg] : null;
			fixed (int* s = sources, d = destinations, a = sw, b = dw)
				Check (MPDirect.DistGraphNeighbors (handle, indeg, s, a, outdeg, d, b, out indeg, out outdeg, out w));
		}

		/// <summary>A new communicator with the same graph and a new context.  Collective.</summary>
		/// <returns>The new communicator; free it with <see cref="Comm.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public new Distgraphcomm Dup ()
		{
			return new Distgraphcomm (DupHandle ());
		}

		void Check (int rc)
		{
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}
	}
}

// MPI.NET's topological communicators over System.MP's Cartcomm and Graphcomm: a Cartesian grid and a graph.
using System;
using System.Collections.Generic;
using MP = System.MP;

namespace MPI
{
	/// <summary>An intracommunicator whose processes are arranged in a topology (a grid or a graph).</summary>
	public abstract class TopologicalCommunicator : Intracommunicator
	{
		internal TopologicalCommunicator (MP.Intracomm comm) : base (comm)
		{
		}

		/// <summary>The ranks adjacent to this process.</summary>
		public abstract int[] Neighbors { get; }

		/// <summary>The ranks adjacent to <paramref name="Rank"/>.</summary>
		/// <param name="Rank">A rank of the communicator (named as in MPI.NET, for calls that name it).</param>
		/// <returns>Its neighbours.</returns>
		public abstract int[] NeighborsOf (int Rank);

		/// <summary>The number of edges of the topology.</summary>
		public abstract int NumEdges { get; }
	}

	/// <summary>An intracommunicator whose processes form a Cartesian grid.</summary>
	public class CartesianCommunicator : TopologicalCommunicator
	{
		/// <summary>Fills the zero entries of <paramref name="dims"/> with a balanced grid of
		/// <paramref name="nnodes"/> cells (MPI_Dims_create).</summary>
		/// <param name="nnodes">The number of cells.</param>
		/// <param name="ndims">The number of dimensions.</param>
		/// <param name="dims">ndims entries (allocated when null): zeros are filled in, others kept.</param>
		/// <exception cref="ArgumentException">The fixed entries do not divide nnodes, or dims does not have ndims
		/// entries.</exception>
		/// <exception cref="ArgumentOutOfRangeException">nnodes is not positive.</exception>
		public static void ComputeDimensions (int nnodes, int ndims, ref int[] dims)
		{
			if (dims == null)
				dims = new int[ndims];
			if (dims.Length != ndims)
				throw new ArgumentException ("ComputeDimensions: dims must have ndims (" + ndims + ") entries", "dims");
			MP.Intracomm.Dims_create (nnodes, dims);
		}

		/// <summary>Creates a grid over the processes of <paramref name="oldComm"/> (collective).</summary>
		/// <param name="oldComm">The processes.</param>
		/// <param name="ndims">The number of dimensions.</param>
		/// <param name="dims">The extent of each dimension; their product must not exceed oldComm's size.</param>
		/// <param name="periods">Whether each dimension wraps around.</param>
		/// <param name="reorder">Whether MPI may renumber the processes.</param>
		/// <exception cref="ArgumentNullException">oldComm, dims or periods is null.</exception>
		/// <exception cref="ArgumentException">dims or periods does not have ndims entries, or the grid is larger than
		/// the communicator, or the processes passed different grids.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments, or this process lies outside
		/// the grid (MPI gives it no communicator).</exception>
		public CartesianCommunicator (Intracommunicator oldComm, int ndims, int[] dims, bool[] periods, bool reorder)
			: base (Create (oldComm, ndims, dims, periods, reorder))
		{
		}

		internal CartesianCommunicator (MP.Cartcomm c) : base (c)
		{
		}

		// Clone keeps the type, as MPI.NET's does (its Adopt looks at the topology).
		internal override MP.Comm DupComm ()
		{
			return ((MP.Cartcomm) comm).Dup ();
		}

		internal override Communicator WrapClone (MP.Comm c)
		{
			return new CartesianCommunicator ((MP.Cartcomm) c);
		}

		static MP.Cartcomm Create (Intracommunicator old, int ndims, int[] dims, bool[] periods, bool reorder)
		{
			if (old == null)
				throw new ArgumentNullException ("oldComm");
			Exception bad = null;
			if (dims == null || periods == null)
				bad = new ArgumentNullException (dims == null ? "dims" : "periods");
			else if (dims.Length != ndims || periods.Length != ndims)
				bad = new ArgumentException ("CartesianCommunicator: dims and periods must have ndims (" + ndims + ") entries");
			if (bad != null)
				throw CollSupport.Refuse (old, bad);
			var c = old.Intra.Create_cart (dims, periods, reorder);
			if (c == null)
				throw new InvalidOperationException ("CartesianCommunicator: rank " + old.Rank + " lies outside the " +
					"grid (its cells are fewer than the processes), so MPI gives it no communicator; create the grid " +
					"on a communicator of exactly as many processes");
			return c;
		}

		MP.Cartcomm Cart {
			get { return (MP.Cartcomm) comm; }
		}

		/// <summary>The number of dimensions.</summary>
		public int NDims {
			get { return Cart.Get_dim (); }
		}

		/// <summary>The extent of each dimension.</summary>
		public int[] Dimensions {
			get { return Cart.Dims; }
		}

		/// <summary>Whether each dimension wraps around.</summary>
		public bool[] Periodic {
			get { return Cart.Periods; }
		}

		/// <summary>This process's coordinates.</summary>
		public int[] Coordinates {
			get { return Cart.Coords; }
		}

		/// <summary>The rank at grid coordinates <paramref name="coords"/>.</summary>
		/// <param name="coords">One coordinate per dimension (periodic ones may be out of range).</param>
		/// <returns>The rank.</returns>
		/// <exception cref="ArgumentException">coords does not fit the grid.</exception>
		public int GetCartesianRank (int[] coords)
		{
			return Cart.Get_cart_rank (coords);
		}

		/// <summary>The grid coordinates of <paramref name="rank"/>.</summary>
		/// <param name="rank">A rank of the communicator.</param>
		/// <returns>Its coordinates.</returns>
		/// <exception cref="ArgumentOutOfRangeException">rank is not in the communicator.</exception>
		public int[] GetCartesianCoordinates (int rank)
		{
			return Cart.Get_coords (rank);
		}

		/// <summary>The ranks <paramref name="disp"/> steps away along <paramref name="direction"/>
		/// (MPI_Cart_shift).</summary>
		/// <param name="direction">The dimension.</param>
		/// <param name="disp">The displacement (negative: downwards).</param>
		/// <param name="rank_source">The rank disp steps below (or <see cref="Intercommunicator.Null"/> off the
		/// grid).</param>
		/// <param name="rank_dest">The rank disp steps above (or Null off the grid).</param>
		/// <exception cref="ArgumentOutOfRangeException">direction is not a dimension.</exception>
		public void Shift (int direction, int disp, out int rank_source, out int rank_dest)
		{
			Cart.Shift (direction, disp, out rank_source, out rank_dest);
		}

		/// <summary>Splits the grid into sub-grids keeping the dimensions where remain_dims is non-zero
		/// (MPI_Cart_sub; collective).</summary>
		/// <param name="remain_dims">One entry per dimension: non-zero to keep it.</param>
		/// <returns>This process's sub-grid.</returns>
		/// <exception cref="ArgumentException">remain_dims does not have one entry per dimension.</exception>
		public CartesianCommunicator Subgrid (int[] remain_dims)
		{
			if (remain_dims == null)
				throw CollSupport.Refuse (this, new ArgumentNullException ("remain_dims"));
			return new CartesianCommunicator (Cart.Sub (Array.ConvertAll (remain_dims, d => d != 0)));
		}

		/// <summary>The number of edges of the grid: in each dimension, the links between neighbouring cells of
		/// each line, plus one per line when the dimension wraps around (MPI.NET's count).</summary>
		public override int NumEdges {
			get {
				int[] d = Dimensions;
				bool[] p = Periodic;
				long all = 1;
				foreach (int x in d)
					all *= x;
				long edges = 0;
				for (int i = 0; i < d.Length; i++) {
					if (d[i] > 0)
						edges += (d[i] - 1 + (p[i] ? 1 : 0)) * (all / d[i]);
				}
				return checked ((int) edges);
			}
		}

		/// <summary>The ranks adjacent to this process in the grid.</summary>
		public override int[] Neighbors {
			get { return NeighborsOf (Rank); }
		}

		/// <summary>The ranks adjacent to <paramref name="Rank"/>: for each dimension, the cell below and the cell
		/// above, when they exist (wrapping around periodic dimensions of more than two cells).</summary>
		/// <param name="Rank">A rank of the communicator.</param>
		/// <returns>Its neighbours, dimension by dimension, lower first.</returns>
		/// <exception cref="ArgumentOutOfRangeException">Rank is not in the communicator.</exception>
		public override int[] NeighborsOf (int Rank)
		{
			int[] d = Dimensions;
			bool[] p = Periodic;
			int[] at = GetCartesianCoordinates (Rank);
			var list = new List<int> ();
			for (int i = 0; i < d.Length; i++) {
				foreach (int step in new[] { -1, 1 }) {
					int c = at[i] + step;
					if (c < 0 || c >= d[i]) {
						if (!p[i] || d[i] <= 2)
							continue;
						c = (c + d[i]) % d[i];
					}
					var n = (int[]) at.Clone ();
					n[i] = c;
					list.Add (GetCartesianRank (n));
				}
			}
			return list.ToArray ();
		}
	}

	/// <summary>An intracommunicator whose processes form a graph.</summary>
	public class GraphCommunicator : TopologicalCommunicator
	{
		/// <summary>Creates a graph over the processes of <paramref name="oldComm"/> (collective): edges[i] lists
		/// the neighbours of node i.</summary>
		/// <param name="oldComm">The processes.</param>
		/// <param name="edges">One array of neighbours per node; the same on every process.</param>
		/// <param name="reorder">Whether MPI may renumber the processes.</param>
		/// <exception cref="ArgumentNullException">oldComm or edges is null.</exception>
		/// <exception cref="ArgumentException">edges has more nodes than oldComm has processes, names a node that does
		/// not exist, or the processes passed different graphs.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments, or this process is not a
		/// node of the graph (MPI gives it no communicator).</exception>
		public GraphCommunicator (Intracommunicator oldComm, int[][] edges, bool reorder)
			: base (Create (oldComm, edges, reorder))
		{
		}

		GraphCommunicator (MP.Graphcomm c) : base (c)
		{
		}

		// Clone keeps the type, as MPI.NET's does (its Adopt looks at the topology).
		internal override MP.Comm DupComm ()
		{
			return ((MP.Graphcomm) comm).Dup ();
		}

		internal override Communicator WrapClone (MP.Comm c)
		{
			return new GraphCommunicator ((MP.Graphcomm) c);
		}

		static MP.Graphcomm Create (Intracommunicator old, int[][] edges, bool reorder)
		{
			if (old == null)
				throw new ArgumentNullException ("oldComm");
			Exception bad = null;
			if (edges == null)
				bad = new ArgumentNullException ("edges");
			else if (Array.IndexOf (edges, null) >= 0)
				bad = new ArgumentNullException ("edges", "edges[" + Array.IndexOf (edges, null) + "] is null");
			if (bad != null)
				throw CollSupport.Refuse (old, bad);
			var index = new int[edges.Length];
			var flat = new List<int> ();
			for (int i = 0; i < edges.Length; i++) {
				flat.AddRange (edges[i]);
				index[i] = flat.Count;
			}
			var g = old.Intra.Create_graph (index, flat.ToArray (), reorder);
			if (g == null)
				throw new InvalidOperationException ("GraphCommunicator: rank " + old.Rank + " is not a node of the " +
					"graph (it has fewer nodes than the processes), so MPI gives it no communicator");
			return g;
		}

		MP.Graphcomm Graph {
			get { return (MP.Graphcomm) comm; }
		}

		/// <summary>The neighbours of every node: element i lists node i's.</summary>
		public int[][] Edges {
			get {
				var e = new int[Size][];
				for (int r = 0; r < e.Length; r++)
					e[r] = NeighborsOf (r);
				return e;
			}
		}

		/// <summary>The number of edges (as MPI counts them: the total length of the neighbour lists).</summary>
		public override int NumEdges {
			get {
				int nnodes, nedges;
				Graph.Get_dims (out nnodes, out nedges);
				return nedges;
			}
		}

		/// <summary>The neighbours of this process.</summary>
		public override int[] Neighbors {
			get { return NeighborsOf (Rank); }
		}

		/// <summary>The neighbours of <paramref name="Rank"/>, in the order given at creation.</summary>
		/// <param name="Rank">A rank of the communicator.</param>
		/// <returns>Its neighbours.</returns>
		/// <exception cref="ArgumentOutOfRangeException">Rank is not in the communicator.</exception>
		public override int[] NeighborsOf (int Rank)
		{
			return Graph.Get_neighbors (Rank);
		}
	}
}

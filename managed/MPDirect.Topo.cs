// MPDirect, continued: graph and distributed-graph topologies, Cart_sub (native-mpi/topo.c, registered as they
// are) and the neighbour collectives (runtime-ext/icall-coll.c; the non-blocking forms go through ICollective).
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CartSub (int comm, int n, int* remain, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int GraphCreate (int comm, int nnodes, int* index, int nedges, int* edges, int reorder, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int GraphGet (int comm, int maxindex, int maxedges, int* index, int* edges, out int nnodes, out int nedges);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int GraphNeighbors (int comm, int rank, int max, int* neighbors, out int count);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int DistGraphCreateAdjacent (int comm, int indeg, int* sources, int* sweights, int outdeg, int* dests,
			int* dweights, int reorder, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int DistGraphNeighbors (int comm, int maxin, int* sources, int* sweights, int maxout, int* dests,
			int* dweights, out int indeg, out int outdeg, out int weighted);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int TopoDegrees (int comm, out int indeg, out int outdeg);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Neighbor (int kind, Array sbuf, Array rbuf, int[] v1, int[] v2, int[] v3, int[] v4, int comm);
	}
}

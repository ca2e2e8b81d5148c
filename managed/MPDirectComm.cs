// MPDirect, continued: communicators, groups, topologies and dynamic processes (runtime-ext/icall-def.h).
// Calls that take only integers and pinned integer arrays are native-mpi functions registered as they are.
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommSplit (int comm, int color, int key, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommCreate (int comm, int group, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommCreateGroup (int comm, int group, int tag, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommCompare (int comm1, int comm2, out int result);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommGroup (int comm, int remote, out int group);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommKind (int comm, out int inter, out int remoteSize);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int IdupOverlapsNbc ();
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int IntercommCreate (int local, int localLeader, int peer, int remoteLeader, int tag, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int IntercommMerge (int comm, int high, out int newcomm);

		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupFree (int group);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupSize (int group, out int size);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupRank (int group, out int rank);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupIncl (int group, int* ranks, int n, int exclude, out int newgroup);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupCombine (int g1, int g2, int how, out int newgroup);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupTranslate (int g1, int* ranks, int n, int g2, int* result);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GroupCompare (int g1, int g2, out int result);

		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int CartCreate (int comm, int ndims, int* dims, int* periods, int reorder, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int CartGet (int comm, int maxdims, int* dims, int* periods, int* coords, out int ndims);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CartCoords (int comm, int rank, int maxdims, int* coords);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CartRank (int comm, int n, int* coords, out int rank);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CartShift (int comm, int direction, int disp, out int source, out int dest);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int DimsCreate (int nnodes, int ndims, int* dims);

		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommGetParent (out int parent);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int CommSpawn (byte* block, int nstrings, int maxprocs, int root, int comm, out int intercomm, int* errcodes);
	}
}

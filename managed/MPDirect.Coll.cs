// MPDirect: the internal calls for collectives and reduction operators (runtime-ext/icall-coll.c, icall-op.c).
// flags: 1 = the send buffer is MPI.IN_PLACE, 2 = the receive buffer is.  Null buffers are allowed where MPI
// ignores them on the calling rank.
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static partial class MPDirect
	{
		// collectives (runtime-ext/icall-coll.c); Bcast: count == -1 means the whole buffer
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Bcast (object buf, int offset, int count, int root, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Scatter (Array sbuf, Array rbuf, int flags, int root, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Gather (Array sbuf, Array rbuf, int flags, int root, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Allgather (Array sbuf, Array rbuf, int flags, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Alltoall (Array sbuf, Array rbuf, int flags, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Scatterv (Array sbuf, int[] counts, int[] displs, Array rbuf, int flags, int root, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Gatherv (Array sbuf, Array rbuf, int[] counts, int[] displs, int flags, int root, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Allgatherv (Array sbuf, Array rbuf, int[] counts, int[] displs, int flags, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Alltoallv (Array sbuf, int[] scounts, int[] sdispls, Array rbuf, int[] rcounts, int[] rdispls, int flags, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Reduce (Array sbuf, Array rbuf, int flags, int op, int root, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Allreduce (Array sbuf, Array rbuf, int flags, int op, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Scan (Array sbuf, Array rbuf, int flags, int op, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Exscan (Array sbuf, Array rbuf, int flags, int op, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ReduceScatterBlock (Array sbuf, Array rbuf, int flags, int op, int comm);

		// non-blocking collectives, every kind through one call (runtime-ext/icall-coll.c)
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int ICollective (int kind, object sbuf, object rbuf, int offset, int count, int[] v1, int[] v2,
			int[] v3, int[] v4, int flags, int op, int root, int comm, Request req);

		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CollMode (int nonblocking);
		// this rank's part, as a refusal, in the agreement of a collective it refused before its internal call
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CollRefuse (int comm, int nonblocking);

		// reduction operators (runtime-ext/icall-op.c)
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int OpCreate (Type elementType, int commute, IntPtr fn, IntPtr ctx, out int op);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int OpFree (int op);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ReduceLocal (Array inbuf, Array inoutbuf, int op);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ReduceLocalForeignThread (Array inbuf, Array inoutbuf, int op);
	}
}

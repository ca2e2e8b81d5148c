// MPDirect: the internal calls of the extended object-oriented operations (runtime-ext/icall-object.c).
// Each returns its code in rc (0, a negative Motor or serializer code, or a positive MPI code).
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int OSend (object obj, int offset, int count, int dest, int tag, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object ORecv (int source, int tag, int comm, StatusData* st, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object OIrecvWait (int source, int tag, int comm, out int matched, StatusData* st, out int rc);
		// Receives the message Improbe matched (st as the probe filled it) and rebuilds its graph.
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object OMrecv (ref ulong msg, StatusData* st, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int OIsend (object obj, int dest, int tag, int comm, Request req);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object OBcast (object obj, int root, int comm, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object OScatter (object arr, int[] counts, int root, int comm, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object[] OGather (object part, int root, int all, int comm, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern byte[] OSerialize (object obj, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object ODeserialize (byte[] data, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern string OErrorMessage ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void OPoolCounts (long[] counts);
	}
}

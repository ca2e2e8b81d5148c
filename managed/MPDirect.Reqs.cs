// MPDirect, continued: matched probes and receives, Sendrecv_replace, Split_type, communicator names and Idup
// (runtime-ext/icall-def.h).  Persistent requests need no internal call of their own: Start posts an Isend or
// Irecv.
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		// msg is a motor_msg (native-mpi/motor-mpi.h): an MPI_Message in 8 bytes.
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Mprobe (int source, int tag, int comm, out ulong msg, StatusData* st);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Improbe (int source, int tag, int comm, out int flag, out ulong msg, StatusData* st);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Mrecv (object buf, int offset, int count, ref ulong msg, int source, int comm, StatusData* st);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int Imrecv (object buf, int offset, int count, ref ulong msg, int source, int comm, Request req);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int CommSplitType (int comm, int type, int key, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommSetName (int comm, byte* name, int len);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommGetName (int comm, byte* buf, int cap, out int len);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int MaxObjectName ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommIdup (int comm, Request req, out int newcomm);
	}
}

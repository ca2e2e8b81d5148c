// MPDirect: the internal calls into the Motor runtime (runtime-ext/icall-def.h lists the same names).
// Each returns 0, a negative Motor error code or a positive MPI error code; Errors turns codes into exceptions.
// Buffers are passed as plain objects: the runtime resolves them, so there is no marshalling and no pinning here.
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace System.MP
{
	[StructLayout (LayoutKind.Sequential)]
	internal struct StatusData
	{
		// Same layout as motor_status in native-mpi/motor-mpi.h.
		internal int source, tag, error, cancelled;
		internal long bytes;
	}

	internal static unsafe partial class MPDirect
	{
		// environment (runtime-ext/icall-env.c)
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Initialized ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Finalized ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FinalizeMpi ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int QueryThread (out int provided);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int IsThreadMain (out int flag);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void GetVersion (out int version, out int subversion);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern double Wtime ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern double Wtick ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern string ProcessorName ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern string LibraryVersion ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Abort (int comm, int errorcode);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern string ErrorString (int code);
		// The argument an MPI error class names ("" for MPI_ERR_ARG), or null.
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern string ArgumentName (int errorClass);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ErrorClass (int code);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int TruncateClass ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int TagUB ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int BufferAttach (int size);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int BufferDetach (out int size);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int BsendOverhead ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ElementSize (Type type);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern long AddressOf (object obj);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void BlockCounts (out long waited, out long immediate);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int GetSpin ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void SetSpin (int polls);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern string[] InternalCalls ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CheckBuffer (object buf, int offset, int count);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CheckSendrecv (object sendbuf, int sendoffset, int sendcount, object recvbuf, int recvoffset, int recvcount);

		// communicators (runtime-ext/icall-comm.c)
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommRank (int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommSize (int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommDup (int comm, out int newcomm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int CommFree (int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int Barrier (int comm);

		// Point-to-point (Send, Recv, Sendrecv, Probe) and the non-blocking operations and requests made per message are
		// direct calls (System.MP.Direct, listed in runtime-ext/direct-def.h), not internal calls.

		// non-blocking operations and requests (runtime-ext/icall-request.c, gc-hooks/req-*.c)
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int SendLayout (object buf, int offset, int layout, int dest, int tag, int comm, int mode);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int RecvLayout (object buf, int offset, int layout, int source, int tag, int comm, StatusData* st);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int IsendLayout (object buf, int offset, int layout, int dest, int tag, int comm, int mode, Request req);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int IrecvLayout (object buf, int offset, int layout, int source, int tag, int comm, Request req);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int LayoutMake (object buf, int[] shape, out int layout);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern void LayoutFree (int layout);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int SendrecvLayout (object sendbuf, int sendoffset, int sendlayout, int dest, int sendtag,
			object recvbuf, int recvoffset, int recvlayout, int source, int recvtag, int comm, StatusData* st);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int CheckLayout (object buf, int offset, int layout);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int RequestComplete (Request req, int slot, int gen, int wait, out int flag);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int RequestSettle (Request req); // as RequestTest; a Wait meanwhile waits
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int RequestCancel (int slot, int gen);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int RequestPosted (int slot, int gen, out long count, out int dt);
		// The number of object receives waiting unmatched: while there are any, a wait that would block returns
		// Errors.EPOLL instead (gc-hooks/motor-pin.h), and managed code polls (ORequest.ProgressUnmatched).
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void SetUnmatchedObjectReceives (int n);
		// A round of ORequest's progress thread: Enter returns 0 once MPI is being finalized (no round may start),
		// else 1, and Leave ends the round (runtime-ext/icall-object.c).
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ObjectProgressEnter ();
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void ObjectProgressLeave ();
		// The envelopes of the receives waiting in ORequest's list (add 1 lists one, 0 removes one): a typed receive
		// that overlaps one is refused with Errors.EBEHIND (runtime-ext/recv-order.c).  IrecvQueued posts a queued
		// one in its turn, past that check (layout -1: count elements; else a layout handle), on any thread.
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int RecvOrderList (int add, int source, int tag, int comm);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int IrecvQueued (object buf, int offset, int count, int layout, int source, int tag, int comm, Request req);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void PinCounts (long[] counts);
	}
}

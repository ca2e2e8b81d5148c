// Native.cs: the P/Invoke binding shared by the wrapper baselines (bench/pinvoke/PingPongPinvoke.cs and
// bench/pinvoke/LinkedListPinvoke.cs), written the way wrapper libraries (MPI.NET, the Indiana C# bindings) call
// MPI: [DllImport] declarations of the C functions, MPI handles passed as the integers MPICH uses (their values,
// the library's path and the layout of MPI_Status come from bench/pinvoke/gen-constants.c through MPIConst.cs),
// and over them a small Comm-like layer for byte arrays that checks its arguments, pins the buffer around every
// operation and turns an MPI error code into an exception.  Compiled into each program (not a library): the
// programs run under plain `mono` and initialise MPI themselves.
using System;
using System.Runtime.InteropServices;

static unsafe class Native
{
	[DllImport (MPIConst.Library)] public static extern int MPI_Init_thread (IntPtr argc, IntPtr argv, int required, out int provided);
	[DllImport (MPIConst.Library)] public static extern int MPI_Finalize ();
	[DllImport (MPIConst.Library)] public static extern int MPI_Initialized (out int flag);
	[DllImport (MPIConst.Library)] public static extern int MPI_Comm_rank (int comm, out int rank);
	[DllImport (MPIConst.Library)] public static extern int MPI_Comm_size (int comm, out int size);
	[DllImport (MPIConst.Library)] public static extern int MPI_Barrier (int comm);
	[DllImport (MPIConst.Library)] public static extern double MPI_Wtime ();
	[DllImport (MPIConst.Library)] public static extern int MPI_Abort (int comm, int code);
	[DllImport (MPIConst.Library)] public static extern int MPI_Send (IntPtr buf, int count, int type, int dest, int tag, int comm);
	[DllImport (MPIConst.Library)] public static extern int MPI_Recv (IntPtr buf, int count, int type, int source, int tag, int comm, IntPtr status);
	[DllImport (MPIConst.Library)] public static extern int MPI_Irecv (IntPtr buf, int count, int type, int source, int tag, int comm, out int request);
	[DllImport (MPIConst.Library)] public static extern int MPI_Wait (ref int request, IntPtr status);
	// status: MPIConst.STATUS_SIZE bytes owned by the caller.
	[DllImport (MPIConst.Library)] public static extern int MPI_Probe (int source, int tag, int comm, IntPtr status);
	[DllImport (MPIConst.Library)] public static extern int MPI_Get_count (IntPtr status, int type, out int count);
}

class MPIError : Exception
{
	public MPIError (int code, string call) : base (call + " failed with MPI error " + code) { }
}

// The wrapper: what a P/Invoke binding's Comm class does for byte arrays (on MPI_COMM_WORLD).
static unsafe class Wrapper
{
	// true: GCHandle.Alloc(buffer, Pinned) and Free around every operation (MPI.NET's way);
	// false: `fixed` around every call (the best a wrapper can do; blocking operations only).
	public static bool UseGCHandle = false; // set by the program (not every program uses the wrapper)
	static readonly IntPtr StatusIgnore = new IntPtr (MPIConst.STATUS_IGNORE);

	static void Check (int rc, string call)
	{
		if (rc != 0)
			throw new MPIError (rc, call);
	}

	static void CheckRange (byte[] buf, int offset, int count)
	{
		if (buf == null)
			throw new ArgumentNullException ("buf");
		if (offset < 0 || count < 0 || offset + count > buf.Length)
			throw new ArgumentOutOfRangeException ("count");
	}

	public static void Send (byte[] buf, int offset, int count, int dest, int tag)
	{
		CheckRange (buf, offset, count);
		if (UseGCHandle) {
			var h = GCHandle.Alloc (buf, GCHandleType.Pinned);
			try {
				Check (Native.MPI_Send (h.AddrOfPinnedObject () + offset, count, MPIConst.BYTE, dest, tag, MPIConst.COMM_WORLD), "MPI_Send");
			} finally {
				h.Free ();
			}
		} else {
			fixed (byte* p = buf)
				Check (Native.MPI_Send ((IntPtr) (p + offset), count, MPIConst.BYTE, dest, tag, MPIConst.COMM_WORLD), "MPI_Send");
		}
	}

	public static void Recv (byte[] buf, int offset, int count, int source, int tag)
	{
		CheckRange (buf, offset, count);
		if (UseGCHandle) {
			var h = GCHandle.Alloc (buf, GCHandleType.Pinned);
			try {
				Check (Native.MPI_Recv (h.AddrOfPinnedObject () + offset, count, MPIConst.BYTE, source, tag, MPIConst.COMM_WORLD, StatusIgnore), "MPI_Recv");
			} finally {
				h.Free ();
			}
		} else {
			fixed (byte* p = buf)
				Check (Native.MPI_Recv ((IntPtr) (p + offset), count, MPIConst.BYTE, source, tag, MPIConst.COMM_WORLD, StatusIgnore), "MPI_Recv");
		}
	}

	// What Probe returns: a status object per call, as MPI.NET's Comm.Probe does; Count is in bytes.
	public sealed class Status
	{
		public readonly int Source, Tag, Count;

		public Status (int source, int tag, int count)
		{
			Source = source;
			Tag = tag;
			Count = count;
		}
	}

	// Blocking probe: MPI_Probe fills a native MPI_Status (a stack buffer of the library's size), the wrapper
	// reads MPI_SOURCE and MPI_TAG at the offsets gen-constants found and asks MPI_Get_count for the byte count.
	public static Status Probe (int source, int tag)
	{
		byte* st = stackalloc byte[MPIConst.STATUS_SIZE];
		Check (Native.MPI_Probe (source, tag, MPIConst.COMM_WORLD, (IntPtr) st), "MPI_Probe");
		int count;
		Check (Native.MPI_Get_count ((IntPtr) st, MPIConst.BYTE, out count), "MPI_Get_count");
		if (count < 0)
			throw new MPIError (count, "MPI_Get_count (MPI_UNDEFINED)");
		return new Status (*(int*) (st + MPIConst.STATUS_SOURCE), *(int*) (st + MPIConst.STATUS_TAG), count);
	}

	// A non-blocking receive keeps its buffer pinned by a GCHandle until Wait (MPI.NET's Request does this).
	public sealed class Request
	{
		int handle;
		GCHandle pin;

		public Request (byte[] buf, int offset, int count, int source, int tag)
		{
			CheckRange (buf, offset, count);
			pin = GCHandle.Alloc (buf, GCHandleType.Pinned);
			int rc = Native.MPI_Irecv (pin.AddrOfPinnedObject () + offset, count, MPIConst.BYTE, source, tag, MPIConst.COMM_WORLD, out handle);
			if (rc != 0) {
				pin.Free ();
				throw new MPIError (rc, "MPI_Irecv");
			}
		}

		public void Wait ()
		{
			int rc = Native.MPI_Wait (ref handle, StatusIgnore);
			if (pin.IsAllocated)
				pin.Free ();
			Check (rc, "MPI_Wait");
		}
	}
}

// MPDirect: the internal calls of one-sided communication (runtime-ext/icall-win.c).
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int WinCreate (object @base, int disp_unit, int verdict, byte* hints, int comm, out int win);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int WinAllocate (long count, int disp_unit, Type type, int shared, int verdict, byte* hints, int comm, out int win);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int WinFree (int win);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int WinRma (int win, int kind, object origin, int ooff, int ocount, object result, int roff,
		                                   object compare, int coff, int target, long disp, int op);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int WinRrma (int win, int kind, object origin, int ooff, int ocount, object result, int roff,
		                                    int target, long disp, int op, Request req);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int WinSync (int win, int what, int arg, int lock_type, int assert);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int WinInfo (int win, int rank, out long bytes, out int disp_unit);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int WinAttr (int win, int what, out int value);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int WinGetInfo (int win, byte* buf, int cap, out int len);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int WinSetInfo (int win, byte* hints, int verdict);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int WinCopy (int win, int rank, long index, object arr, int offset, int count, int to_window);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern long WinHolds (int win);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern void WinCounts (out long taken, out long avoided);
	}
}

// MPDirect, continued: parallel I/O (native-mpi/file.c, runtime-ext/icall-file.c; runtime-ext/icall-def.h).
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		// path: UTF-8, NUL-terminated.  verdict: this rank's refusal (0 if none), agreed on before anything opens.
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileOpen (int comm, byte* path, int amode, int verdict, byte* hints, out int fh);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileGetInfo (int fh, byte* buf, int cap, out int len);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileSetInfo (int fh, byte* hints, int verdict);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileClose (int fh);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileDelete (byte* path);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileGetSize (int fh, out long size);
		// whence: MPI.SEEK_SET, SEEK_CUR, SEEK_END (MOTOR_SEEK_*); offsets in etypes of the view.
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileSeek (int fh, long offset, int whence);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileGetPosition (int fh, out long pos);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileSeekShared (int fh, long offset, int whence, int verdict);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileGetPositionShared (int fh, out long pos);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileGetByteOffset (int fh, long offset, out long bytes);
		// what: MPI.File.CTL_* (MOTOR_FILE_SET_SIZE...); collective, agreeing on verdict first.
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileCtl (int fh, int what, long arg, int verdict);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileQuery (int fh, int what, out long value);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int FileErrorKind (int code);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileSetView (int fh, long disp, Type etype, int[] shape, int verdict);
		// how: MPI.File.WRITE | AT | ALL; count == -1 means the whole buffer.
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileRw (int fh, int how, long offset, object buf, int start, int count, int verdict, out long done);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileIat (int fh, int how, long offset, object buf, int start, int count, Request req); // how: as FileRw, without ALL
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int FileIall (int fh, int how, long offset, object buf, int start, int count, int verdict, Request req);
	}
}

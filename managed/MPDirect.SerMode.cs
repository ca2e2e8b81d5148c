// MPDirect, continued: what MPI.dll (MPI.NET's API over System.MP) needs of the runtime
// (runtime-ext/icall-sermode.c; motor_mpi_truncate_class registered as it is).
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static partial class MPDirect
	{
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int OSetMode (int mode);
		[MethodImpl (MethodImplOptions.InternalCall)] internal static extern int ErrTruncateClass ();
	}
}

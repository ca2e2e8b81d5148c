// Host: whether System.MP runs inside the motor runtime, which registers its internal calls and starts MPI.
namespace System.MP
{
	internal static class Host
	{
		// Set by the motor host (runtime-ext/main.c) before the program's Main runs; false under plain mono.
#pragma warning disable 649 // assigned by the host, not by C#
		internal static bool inMotor;
#pragma warning restore 649

		/// <summary>Throws <see cref="InvalidOperationException"/> unless System.MP was loaded by the motor
		/// runtime.  Under plain mono none of System.MP's internal calls exist, and the first one would fail with
		/// Mono's "broken mono install" report and a MissingMethodException.</summary>
		internal static bool Check ()
		{
			if (!inMotor)
				throw new InvalidOperationException ("System.MP runs inside the motor runtime, not under plain mono: " +
					"run `motor app.exe` (or `mpiexec -n N motor app.exe`)");
			return true;
		}
	}
}

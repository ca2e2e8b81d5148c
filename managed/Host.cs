// Host: whether System.MP runs inside the motor runtime, which registers its internal calls and starts MPI.
namespace System.MP
{
	internal static class Host
	{
		// Set by the motor host (runtime-ext/main.c) before the program's Main runs; false under plain mono.
#pragma warning disable 649 // assigned by the host, not by C#
		internal static bool inMotor;
#pragma warning restore 649

		// Called by the host once MPI has started, before Main.  Environment.Exit ends the process without returning
		// from Main, so the host's finalisation after Main would not run: with exit code 0 (a normal end) MPI is
		// finalized here, as a return from Main would, so that no rank's end looks like a crash to the process
		// manager (which then kills the other ranks, output and all).  With another exit code MPI is left as it is:
		// the process manager ends the job, as for a C program that exits without MPI_Finalize -- finalizing one
		// rank that leaves early with an error would leave the others waiting for it.
		static void Started ()
		{
			AppDomain.CurrentDomain.ProcessExit += OnProcessExit;
			AppDomain.CurrentDomain.UnhandledException += OnUnhandledException;
		}

		// An exception no code caught, on any thread: the host reports it ("rank N: ..." and the stack trace) and
		// ends the job once the program's own handlers have run.  A handler being registered keeps Mono from
		// printing the same report before the host's.
		static void OnUnhandledException (object sender, UnhandledExceptionEventArgs e)
		{
		}

		static void OnProcessExit (object sender, EventArgs e)
		{
			if (Environment.ExitCode == 0)
				MPDirect.FinalizeMpi ();
		}

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

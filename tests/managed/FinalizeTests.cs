// FinalizeTests: MPI.Finalize is idempotent and MPI operations afterwards fail cleanly.  Runs at 1 and 2 ranks.
// The tests run in order: the first finalizes, the results are reported before it, through a pre-finalize
// barrier, so this program prints its own verdicts instead of using TestRunner.
using System;
using System.MP;

public static class FinalizeTests
{
	static int Main ()
	{
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		var dup = world.Dup ();
		// A buffer of buffered sends left attached: finalisation detaches and frees it.
		int size = world.Get_size ();
		MPI.Buffer_attach (1 << 20);
		world.Bsend (new byte[100000], (rank + 1) % size, 9);
		world.Recv (new byte[100000], (rank + size - 1) % size, 9, null);
		// An object receive that never matches: the progress thread tests it until MPI is finalized.
		ORequest pending = world.OIrecv (rank, 99);
		int level = MPI.Query_thread ();
		System.Threading.Thread.Sleep (20);
		world.Barrier ();
		double before = MPI.Wtime ();
		MPI.Finalize ();
		double after = MPI.Wtime ();
		MPI.Finalize ();
		int failed = 0;
		failed += Check (rank, "FinalizeIsIdempotent", MPI.Is_finalized (), "Is_finalized after Finalize");
		failed += Check (rank, "WtimeWorksAfterFinalize", MPI.Wtime () > 0, "Wtime > 0");
		// One clock with one origin for the life of the process (Open MPI's MPI_Wtime restarts at 0 at MPI_Init).
		failed += Check (rank, "WtimeKeepsItsOriginAcrossFinalize", after >= before && after - before < 60,
			"Wtime " + before + " before Finalize, " + after + " after");
		var progress = (System.Threading.Thread) typeof (ORequest).GetField ("progress",
			System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static).GetValue (null);
		failed += Check (rank, "ObjectProgressThreadEndsAtFinalize",
			level != MPI.THREAD_MULTIPLE || (progress != null && progress.Join (10000)),
			progress == null ? "no progress thread was started" : "the progress thread still runs 10 s after Finalize");
		failed += Check (rank, "AnOIrecvWaitingAtFinalizeFailsCleanly",
			Throws<InvalidOperationException> (() => pending.Test ()), "InvalidOperationException");
		failed += Check (rank, "SendAfterFinalizeThrows", Throws<InvalidOperationException> (() => world.Send (new int[1], 0, 0)), "InvalidOperationException");
		failed += Check (rank, "DupFreedAtFinalize", Throws<InvalidOperationException> (() => dup.Get_rank ()), "InvalidOperationException");
		failed += Check (rank, "BsendBufferDetachedAtFinalize", MPI.Buffer_detach () == 0, "nothing left attached");
		failed += Check (rank, "BufferAttachAfterFinalizeThrows", Throws<InvalidOperationException> (() => MPI.Buffer_attach (10)), "InvalidOperationException");
		int v, sv;
		MPI.Get_version (out v, out sv);
		failed += Check (rank, "VersionAfterFinalize", v >= 3 && MPI.Get_library_version () == Diagnostics.MpiLibrary,
			"Get_version " + v + "." + sv + ", Get_library_version " + MPI.Get_library_version ());
		failed += Check (rank, "IsThreadMainAfterFinalizeThrows", Throws<InvalidOperationException> (() => MPI.Is_thread_main ()), "InvalidOperationException");
		failed += Check (rank, "InitAfterFinalizeThrows", Throws<InvalidOperationException> (() => MPI.Init ()), "InvalidOperationException");
		// The library ends the process if these reach it after MPI_Finalize.
		failed += Check (rank, "ReduceLocalAfterFinalizeThrows",
			Throws<InvalidOperationException> (() => Op.SUM.Reduce_local (new int[1], new int[1])), "InvalidOperationException");
		failed += Check (rank, "AbortAfterFinalizeThrows", Throws<InvalidOperationException> (() => world.Abort (3)),
			"InvalidOperationException");
		return failed;
	}

	static bool Throws<T> (Action a) where T : Exception
	{
		try { a (); } catch (T) { return true; } catch (Exception) { return false; }
		return false;
	}

	// Only rank 0 prints (each rank checks the same things; a failure on another rank shows in the exit code).
	static int Check (int rank, string name, bool ok, string what)
	{
		if (rank == 0)
			Console.WriteLine (ok ? "ok " + name : "not ok " + name + ": " + what);
		return ok ? 0 : 1;
	}
}

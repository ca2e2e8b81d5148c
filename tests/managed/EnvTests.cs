// EnvTests: the MPI environment, communicators, and the internal-call table.  Runs at 1, 2 and 3 ranks.
using System;
using System.Linq;
using System.MP;
using System.Reflection;
using System.Runtime.CompilerServices;

public static class EnvTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (EnvTests), args); }

	// motor runs Mono with a 32 MB nursery unless MONO_GC_PARAMS names one: the variable the program sees says
	// which, and the collector really uses it (about one minor collection per nursery-full of allocation).
	// MOTOR_TEST_NURSERY_MB, when set (tests/host-tests.sh), is the size this run must have.
	public static void NurseryIsMotorsUnlessGcParamsNameOne ()
	{
		string p = Environment.GetEnvironmentVariable ("MONO_GC_PARAMS") ?? "";
		var opt = p.Split (',').LastOrDefault (o => o.StartsWith ("nursery-size="));
		Assert.True (opt != null, "MONO_GC_PARAMS names a nursery size: \"" + p + "\"");
		string v = opt.Substring ("nursery-size=".Length).ToLowerInvariant ();
		long bytes = long.Parse (v.TrimEnd ('k', 'm', 'g')) << (v.EndsWith ("g") ? 30 : v.EndsWith ("m") ? 20 : v.EndsWith ("k") ? 10 : 0);
		string want = Environment.GetEnvironmentVariable ("MOTOR_TEST_NURSERY_MB");
		if (!string.IsNullOrEmpty (want))
			Assert.Equal (long.Parse (want) << 20, bytes, "nursery size in \"" + p + "\"");
		// Twelve nurseries' worth of 72-byte arrays (a 32-byte header and 40 bytes of data).
		long count = 12 * bytes / 72;
		int before = GC.CollectionCount (0);
		object keep = null;
		for (long i = 0; i < count; i++)
			keep = new byte[40];
		GC.KeepAlive (keep);
		int n = GC.CollectionCount (0) - before;
		Assert.True (n >= 6 && n <= 24, "about 12 minor collections for 12 nurseries of allocation, got " + n + " with " + p);
	}

	// motor faults the nursery's memory in at start (gc-hooks/nursery.c), so that allocating does not take a page
	// fault every 4 KiB.  Meaningful only as the first allocation-heavy work of a process, so it runs only when
	// tests/host-tests.sh names it alone and sets MOTOR_TEST_PREFAULT: 1 = motor's default (few faults), 0 = run
	// with MOTOR_PREFAULT=0 (a fault per page, the control that shows the measurement sees faults at all).
	public static void NurseryIsFaultedInAtStart ()
	{
		string mode = Environment.GetEnvironmentVariable ("MOTOR_TEST_PREFAULT");
		if (string.IsNullOrEmpty (mode))
			return;
		// 8 MB of 72-byte arrays: a quarter of the nursery, so no collection recycles pages in between.  A first
		// round of both calls compiles them, so that the JIT's own faults (and, in sanitized builds, those of the
		// runtime's mallocs it causes) fall outside the window.
		const long bytes = 8 << 20;
		MinorFaults ();
		Allocate (4096);
		int gcs = GC.CollectionCount (0);
		long before = MinorFaults ();
		Allocate (bytes);
		long faults = MinorFaults () - before;
		Assert.Equal (gcs, GC.CollectionCount (0), "no collection while allocating a quarter of the nursery");
		if (mode == "0")
			Assert.True (faults >= bytes / 4096 / 2, "without prefaulting, about a fault per 4 KiB page: " + faults);
		else
			// Up to a quarter: in sanitized builds AddressSanitizer's memset checks the shadow of each block SGen
			// clears, one fresh shadow page per 32 KB (256 faults here); a run without prefaulting takes ~2,048.
			Assert.True (faults < bytes / 4096 / 4, "prefaulted nursery, few faults: " + faults);
	}

	static void Allocate (long bytes)
	{
		object keep = null;
		for (long i = 0; i < bytes / 72; i++)
			keep = new byte[40];
		GC.KeepAlive (keep);
	}

	// Minor page faults of this process so far: field 10 of /proc/self/stat (after the parenthesised name).
	static long MinorFaults ()
	{
		string stat = System.IO.File.ReadAllText ("/proc/self/stat");
		string[] f = stat.Substring (stat.LastIndexOf (')') + 2).Split (' ');
		return long.Parse (f[7]);
	}

	public static void InitIsIdempotent ()
	{
		MPI.Init ();
		string[] argv = new string[] { "x" };
		MPI.Init (ref argv);
		Assert.True (MPI.Is_initialized (), "Is_initialized");
		Assert.True (!MPI.Is_finalized (), "!Is_finalized");
	}

	public static void ThreadLevelIsMultiple ()
	{
		Assert.Equal (MPI.THREAD_MULTIPLE, MPI.Query_thread (), "Query_thread");
	}

	// Main runs on the thread that initialised MPI; any other thread is not it.
	public static void MainThreadIsTheThreadMain ()
	{
		Assert.True (MPI.Is_thread_main (), "Is_thread_main on Main's thread");
		bool other = true;
		var t = new System.Threading.Thread (() => other = MPI.Is_thread_main ());
		t.Start ();
		t.Join ();
		Assert.True (!other, "Is_thread_main on another thread");
	}

	// The standard's version as the library states it, and the library's version line.
	public static void VersionsAreTheLibrarys ()
	{
		int v, sv;
		MPI.Get_version (out v, out sv);
		string lib = MPI.Get_library_version ();
		Assert.Equal (Diagnostics.MpiLibrary, lib, "Get_library_version");
		if (lib.StartsWith ("MPICH"))
			Assert.True (v == 4 && sv == 0, "MPICH 4 implements MPI 4.0: " + v + "." + sv);
		else if (lib.StartsWith ("Open MPI"))
			Assert.True (v == 3 && sv == 1, "Open MPI 4.1 implements MPI 3.1: " + v + "." + sv);
		else
			Assert.True (v >= 3, "MPI " + v + "." + sv);
	}

	public static void TimersWork ()
	{
		double t0 = MPI.Wtime ();
		System.Threading.Thread.Sleep (20);
		double t1 = MPI.Wtime ();
		Assert.True (t1 - t0 >= 0.015 && t1 - t0 < 5, "Wtime advanced by about 20 ms: " + (t1 - t0));
		Assert.True (MPI.Wtick () > 0 && MPI.Wtick () < 0.01, "Wtick: " + MPI.Wtick ());
	}

	public static void ProcessorNameIsSet ()
	{
		Assert.True (!string.IsNullOrEmpty (MPI.Get_processor_name ()), "processor name");
	}

	public static void WorldAndSelf ()
	{
		string pmiSize = Environment.GetEnvironmentVariable ("PMI_SIZE") ?? Environment.GetEnvironmentVariable ("OMPI_COMM_WORLD_SIZE");
		if (pmiSize != null)
			Assert.Equal (int.Parse (pmiSize), MPI.COMM_WORLD.Get_size (), "world size");
		int rank = MPI.COMM_WORLD.Get_rank ();
		Assert.True (rank >= 0 && rank < MPI.COMM_WORLD.Size, "rank in range");
		Assert.Equal (rank, MPI.COMM_WORLD.Rank, "Rank property");
		Assert.Equal (1, MPI.COMM_SELF.Get_size (), "self size");
		Assert.Equal (0, MPI.COMM_SELF.Get_rank (), "self rank");
		Assert.True (MPI.TAG_UB >= 32767, "TAG_UB >= 32767");
	}

	public static void DupCommunicatesSeparately ()
	{
		var world = MPI.COMM_WORLD;
		Intracomm dup = world.Dup ();
		Assert.Equal (world.Get_size (), dup.Get_size (), "dup size");
		Assert.Equal (world.Get_rank (), dup.Get_rank (), "dup rank");
		// A message on the duplicate is not matched by a receive on the original (different context).
		int size = world.Get_size (), rank = world.Get_rank ();
		var outgoing = new int[] { rank };
		var fromDup = new int[1];
		var fromWorld = new int[1];
		int next = (rank + 1) % size, prev = (rank + size - 1) % size;
		dup.Sendrecv (outgoing, next, 5, fromDup, prev, 5, null);
		world.Sendrecv (new int[] { -rank - 1 }, next, 5, fromWorld, prev, 5, null);
		Assert.Equal (prev, fromDup[0], "message on dup");
		Assert.Equal (-prev - 1, fromWorld[0], "message on world");
		dup.Barrier ();
		dup.Free ();
		Comm plain = ((Comm) world).Dup ();
		Assert.Equal (size, plain.Get_size (), "Comm.Dup size");
		plain.Free ();
	}

	public static void FreedCommunicatorIsRefused ()
	{
		Intracomm dup = MPI.COMM_WORLD.Dup ();
		dup.Free ();
		Assert.Throws<ObjectDisposedException> (() => dup.Free (), "second Free");
		Assert.Throws<ObjectDisposedException> (() => dup.Get_rank (), "Get_rank after Free");
		Assert.Throws<ObjectDisposedException> (() => dup.Send (new int[1], 0, 0), "Send after Free");
		Assert.Throws<ObjectDisposedException> (() => dup.Barrier (), "Barrier after Free");
	}

	public static void BuiltinCommunicatorsCannotBeFreed ()
	{
		Assert.Throws<InvalidOperationException> (() => MPI.COMM_WORLD.Free (), "COMM_WORLD.Free");
		Assert.Throws<InvalidOperationException> (() => MPI.COMM_SELF.Free (), "COMM_SELF.Free");
		MPI.COMM_WORLD.Barrier ();
	}

	public static void ManyDupsAndFrees ()
	{
		for (int i = 0; i < 200; i++) {
			var d = MPI.COMM_WORLD.Dup ();
			d.Free ();
		}
		MPI.COMM_WORLD.Barrier ();
	}

	public static void InternalCallTableMatchesDeclarations ()
	{
		Type direct = typeof (MPI).Assembly.GetType ("System.MP.MPDirect", true);
		var declared = direct.GetMethods (BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public)
			.Where (m => (m.GetMethodImplementationFlags () & MethodImplAttributes.InternalCall) != 0)
			.Select (m => m.Name).OrderBy (n => n, StringComparer.Ordinal).ToArray ();
		var registered = Diagnostics.InternalCalls ().OrderBy (n => n, StringComparer.Ordinal).ToArray ();
		Assert.True (declared.Length > 10, "found the declarations");
		Assert.SequenceEqual (registered, declared, "registered vs declared internal calls");
	}

	// native-mpi/errors.def is the one list of error codes: C's messages and C#'s constants, messages and exception
	// kinds are all made from it, and the translators word messages for their context but never change the kind.
	public static void ErrorCodesHaveNativeMessagesAndTheKindsErrorsDefGives ()
	{
		Assert.True (Errors.Codes.Length > 40, "errors.def lists the codes");
		foreach (int rc in Errors.Codes) {
			Assert.Equal (MPDirect.ErrorString (rc), Errors.Message (rc), "message of code " + rc + ", C vs C#");
			Assert.True (rc < 0 && rc > Errors.EPEER_BASE, "code " + rc + " lies above the peer range");
			Type kind = Errors.New (rc, "m").GetType ();
			Assert.Equal (kind, Errors.Make (rc, null, null, 0, 0, null).GetType (), "Errors.Make of code " + rc);
			Assert.Equal (kind, Coll.Error (rc, "X", "rule", null, null).GetType (), "Coll.Error of code " + rc);
			Assert.Equal (kind, Win.Error (rc, "X", null, 0).GetType (), "Win.Error of code " + rc);
		}
		Assert.Equal (typeof (ArgumentOutOfRangeException), Errors.New (Errors.ERANK, "m").GetType (), "ERANK's kind");
		Assert.Equal (typeof (System.Runtime.Serialization.SerializationException), Errors.New (Errors.SER_EDATA, "m").GetType (),
			"SER_EDATA's kind");
		int unlisted = -1;
		while (Array.IndexOf (Errors.Codes, unlisted) >= 0)
			unlisted--;
		Assert.Equal (null, Errors.New (unlisted, "m"), "a code errors.def does not list (" + unlisted + ")");
		Assert.Equal ("MPI has been finalized", Errors.Message (Errors.EFINALIZED), "EFINALIZED's message");
	}
}

// MPI: the environment.  The motor runtime initialises MPI before Main and finalises it after, so Init and
// Finalize are idempotent conveniences for programs written against other bindings.
#pragma warning disable 465 // MPI.Finalize is the MPI name, not a destructor
namespace System.MP
{
	public static partial class MPI
	{
		// Managed constants (native-mpi maps them to the MPI library's values).
		public const int ANY_SOURCE = -1;
		public const int ANY_TAG = -1;
		public const int PROC_NULL = -2;
		public const int UNDEFINED = -32766;

		// Results of Comm.Compare and Group.Compare.
		public const int IDENT = 0;
		public const int CONGRUENT = 1;
		public const int SIMILAR = 2;
		public const int UNEQUAL = 3;

		public const int THREAD_SINGLE = 0;
		public const int THREAD_FUNNELED = 1;
		public const int THREAD_SERIALIZED = 2;
		public const int THREAD_MULTIPLE = 3;

		static readonly Intracomm world, self;

		// The first use of MPI (COMM_WORLD, Wtime, ...) checks that the motor runtime loaded System.MP.  An explicit
		// static constructor, so that static methods run it too (not only static fields); it runs once, and
		// methods compiled after that carry no check.
		static MPI ()
		{
			Host.Check ();
			world = new Intracomm (0);
			self = new Intracomm (1);
		}

		public static Intracomm COMM_WORLD { get { return world; } }
		public static Intracomm COMM_SELF { get { return self; } }

		/// <summary>The largest tag a message may carry (MPI_TAG_UB, at least 32767).</summary>
		public static int TAG_UB { get { return MPDirect.TagUB (); } }

		public static void Init ()
		{
			if (Is_finalized ())
				throw new InvalidOperationException ("MPI has been finalized and cannot be initialised again");
		}

		public static void Init (ref string[] args)
		{
			Init ();
		}

		public static void Finalize ()
		{
			Errors.Check (MPDirect.FinalizeMpi ());
		}

		public static bool Is_initialized ()
		{
			return MPDirect.Initialized () != 0;
		}

		public static bool Is_finalized ()
		{
			return MPDirect.Finalized () != 0;
		}

		public static int Query_thread ()
		{
			int provided;
			Errors.Check (MPDirect.QueryThread (out provided));
			return provided;
		}

		public static double Wtime ()
		{
			return MPDirect.Wtime ();
		}

		public static double Wtick ()
		{
			return MPDirect.Wtick ();
		}

		public static string Get_processor_name ()
		{
			string name = MPDirect.ProcessorName ();
			if (name == null)
				throw new InvalidOperationException ("MPI has been finalized");
			return name;
		}
	}
}

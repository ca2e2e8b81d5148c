// MPI: the environment.  The motor runtime initialises MPI before Main and finalises it after, so Init and
// Finalize are idempotent conveniences for programs written against other bindings.
#pragma warning disable 465 // MPI.Finalize is the MPI name, not a destructor
namespace System.MP
{
	/// <summary>The MPI environment: constants, the predefined communicators, initialisation state, clocks.  The
	/// motor runtime initialises MPI before Main runs and finalises it after Main returns, so a program need not call
	/// <see cref="Init()"/> or <see cref="Finalize"/>.</summary>
	public static partial class MPI
	{
		// Managed constants (native-mpi maps them to the MPI library's values).
		/// <summary>As the source of a receive or probe: a message from any rank.</summary>
		public const int ANY_SOURCE = -1;
		/// <summary>As the tag of a receive or probe: a message with any tag (not allowed when sending).</summary>
		public const int ANY_TAG = -1;
		/// <summary>As a destination or source: no process.  A send to it does nothing, a receive from it completes at
		/// once with source PROC_NULL and tag ANY_TAG and leaves the buffer unchanged.</summary>
		public const int PROC_NULL = -2;
		/// <summary>"No value": the colour of <see cref="Intracomm.Split"/> for a rank that joins no new
		/// communicator, and what <see cref="Status.Get_count"/>, <see cref="Group.Get_rank"/> and
		/// <see cref="Request.Waitany"/> return when they have no answer.</summary>
		public const int UNDEFINED = -32766;

		// Results of Comm.Compare and Group.Compare.
		/// <summary>Compare result: the very same communicator, or groups with the same members in the same
		/// order.</summary>
		public const int IDENT = 0;
		/// <summary>Compare result: different communicators with the same group in the same order.</summary>
		public const int CONGRUENT = 1;
		/// <summary>Compare result: the same members in a different order.</summary>
		public const int SIMILAR = 2;
		/// <summary>Compare result: different members.</summary>
		public const int UNEQUAL = 3;

		/// <summary>Thread support level (MPI_THREAD_SINGLE): only one thread exists.</summary>
		public const int THREAD_SINGLE = 0;
		/// <summary>Thread support level (MPI_THREAD_FUNNELED): only the main thread calls MPI.</summary>
		public const int THREAD_FUNNELED = 1;
		/// <summary>Thread support level (MPI_THREAD_SERIALIZED): one thread at a time calls MPI.</summary>
		public const int THREAD_SERIALIZED = 2;
		/// <summary>Thread support level (MPI_THREAD_MULTIPLE): any thread may call MPI at any time.</summary>
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

		/// <summary>The communicator of every process of the job (MPI_COMM_WORLD).  It cannot be freed.</summary>
		public static Intracomm COMM_WORLD { get { return world; } }
		/// <summary>The communicator of this process alone (MPI_COMM_SELF).  It cannot be freed.</summary>
		public static Intracomm COMM_SELF { get { return self; } }

		/// <summary>The largest tag a message may carry (MPI_TAG_UB, at least 32767).</summary>
		public static int TAG_UB { get { return MPDirect.TagUB (); } }

		/// <summary>Does nothing: the runtime has initialised MPI already.  For programs written against other
		/// bindings.</summary>
		/// <exception cref="InvalidOperationException">MPI has been finalized (by <see cref="Finalize"/>); it cannot be
		/// initialised again.</exception>
		public static void Init ()
		{
			if (Is_finalized ())
				throw new InvalidOperationException ("MPI has been finalized and cannot be initialised again");
		}

		/// <summary>Does nothing: the runtime has initialised MPI already.  For programs written against other
		/// bindings.</summary>
		/// <param name="args">The program's arguments; left unchanged.</param>
		/// <exception cref="InvalidOperationException">MPI has been finalized; it cannot be initialised
		/// again.</exception>
		public static void Init (ref string[] args)
		{
			Init ();
		}

		/// <summary>Finalizes MPI now rather than when Main returns.  Collective over every process of the job.
		/// Calling it again does nothing.  Afterwards every MPI operation raises InvalidOperationException.</summary>
		/// <exception cref="MPIException">The MPI library reported an error while finalizing.</exception>
		public static void Finalize ()
		{
			Errors.Check (MPDirect.FinalizeMpi ());
		}

		/// <summary>Whether MPI has been initialised (always true under motor).</summary>
		/// <returns>True once MPI has been initialised, even after it has been finalized.</returns>
		public static bool Is_initialized ()
		{
			return MPDirect.Initialized () != 0;
		}

		/// <summary>Whether MPI has been finalized.</summary>
		/// <returns>True once <see cref="Finalize"/> has run.</returns>
		public static bool Is_finalized ()
		{
			return MPDirect.Finalized () != 0;
		}

		/// <summary>The level of thread support the MPI library provides.</summary>
		/// <returns><see cref="THREAD_SINGLE"/>, <see cref="THREAD_FUNNELED"/>, <see cref="THREAD_SERIALIZED"/> or
		/// <see cref="THREAD_MULTIPLE"/> (what motor asks for).</returns>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public static int Query_thread ()
		{
			int provided;
			Errors.Check (MPDirect.QueryThread (out provided));
			return provided;
		}

		/// <summary>Whether the calling thread is the one that initialised MPI (MPI_Is_thread_main): the thread
		/// that runs the program's Main under motor.</summary>
		/// <returns>True on that thread.</returns>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public static bool Is_thread_main ()
		{
			int flag;
			Errors.Check (MPDirect.IsThreadMain (out flag));
			return flag != 0;
		}

		/// <summary>The version of the MPI standard the MPI library implements (MPI_Get_version): 4.0 for MPICH 4,
		/// 3.1 for Open MPI 4.1.  It may be called at any time, before MPI starts and after <see
		/// cref="Finalize"/>.</summary>
		/// <param name="version">The standard's major version.</param>
		/// <param name="subversion">Its minor version.</param>
		public static void Get_version (out int version, out int subversion)
		{
			MPDirect.GetVersion (out version, out subversion);
		}

		/// <summary>The MPI library's own name and version (the first line of MPI_Get_library_version, for example
		/// "MPICH Version:      4.0.2"), as <see cref="Diagnostics.MpiLibrary"/>.  It may be called at any
		/// time.</summary>
		/// <returns>The library's version line.</returns>
		public static string Get_library_version ()
		{
			return MPDirect.LibraryVersion ();
		}

		/// <summary>Elapsed wall-clock time, as MPI_Wtime: subtract two readings to time something.</summary>
		/// <remarks>Motor reads the system's monotonic clock (CLOCK_MONOTONIC) itself rather than the library's
		/// MPI_Wtime, whose origin differs between libraries (Open MPI's starts at 0 at MPI_Init): so the clock and
		/// its origin are the same under MPICH and Open MPI, and it may be read before MPI starts and after
		/// <see cref="Finalize"/>.  The clocks of different hosts are not synchronised: compare readings taken on
		/// one host only.</remarks>
		/// <returns>Seconds since an arbitrary moment in the past (on Linux, the host's boot), fixed for the life
		/// of the process and the same for every process on the host.</returns>
		public static double Wtime ()
		{
			return MPDirect.Wtime ();
		}

		/// <summary>The resolution of <see cref="Wtime"/> (MPI_Wtick).</summary>
		/// <returns>Seconds between successive ticks of the clock.</returns>
		public static double Wtick ()
		{
			return MPDirect.Wtick ();
		}

		/// <summary>The name of the node this process runs on (MPI_Get_processor_name).</summary>
		/// <returns>The name, as the MPI library gives it.</returns>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static string Get_processor_name ()
		{
			string name = MPDirect.ProcessorName ();
			if (name == null)
				throw new InvalidOperationException ("MPI has been finalized");
			return name;
		}
	}
}

// MPI.NET's Environment over Motor, where the host initialises MPI before Main and finalises it after: making
// an Environment checks that MPI can still be used (an Environment made while another exists is fine, as in
// MPI.NET); disposing any of them finalises MPI, as MPI.NET's Dispose does (its EnvironmentDisposalThrowsTest
// relies on it: Run inside an Environment, then Run again, must throw).
using System;

namespace MPI
{
	/// <summary>The level of thread support MPI provides.</summary>
	public enum Threading
	{
		/// <summary>One thread only.</summary>
		Single,
		/// <summary>Several threads; only the main thread calls MPI.</summary>
		Funneled,
		/// <summary>Several threads call MPI, one at a time.</summary>
		Serialized,
		/// <summary>Several threads call MPI at once (what Motor provides when the library does).</summary>
		Multiple
	}

	/// <summary>The MPI environment: made at the start of the program (<c>using (new MPI.Environment(ref
	/// args))</c>), disposed at its end.</summary>
	public class Environment : IDisposable
	{
		static readonly object gate = new object ();

		/// <summary>Enters the MPI environment (MPI is initialised already under Motor).  Environments may nest (the
		/// constructor then does nothing); any one's Dispose finalises MPI.</summary>
		/// <param name="args">The program's arguments; left unchanged.</param>
		/// <exception cref="ObjectDisposedException">MPI has been finalized and cannot be initialised again (an
		/// InvalidOperationException).</exception>
		public Environment (ref string[] args) : this (ref args, Threading.Serialized) { }

		/// <summary>Enters the MPI environment asking for a thread level (Motor always runs MPI at the highest level
		/// the library provides; <see cref="Threading"/> says which).</summary>
		/// <param name="args">The program's arguments; left unchanged.</param>
		/// <param name="threading">The thread level wanted.</param>
		/// <exception cref="ObjectDisposedException">MPI has been finalized and cannot be initialised again (an
		/// InvalidOperationException).</exception>
		public Environment (ref string[] args, Threading threading)
		{
			lock (gate) {
				if (System.MP.MPI.Is_finalized ())
					throw new ObjectDisposedException ("MPI.Environment", "MPI has been finalized (an Environment was " +
						"disposed) and cannot be initialised again: make one Environment for the whole program");
			}
		}

		/// <summary>Finalises MPI (collective over every process), as MPI.NET does, whichever Environment it is called
		/// on.  Does nothing once MPI is finalized.</summary>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error while finalizing.</exception>
		public void Dispose ()
		{
			lock (gate) {
				if (!System.MP.MPI.Is_finalized ())
					System.MP.MPI.Finalize ();
			}
		}

		/// <summary>Runs <paramref name="action"/> with <see cref="Communicator.world"/> inside an Environment.</summary>
		/// <param name="action">The program's body.</param>
		/// <param name="cleanupEnvironment">If true, finalise MPI afterwards, and on an exception print it and abort the
		/// job with exit code 1.</param>
		/// <exception cref="ObjectDisposedException">MPI has been finalized.</exception>
		public static void Run (Action<Intracommunicator> action, bool cleanupEnvironment = true)
		{
			string[] args = null;
			Run (ref args, action, cleanupEnvironment);
		}

		/// <summary>Runs <paramref name="action"/> with <see cref="Communicator.world"/> inside an Environment.</summary>
		/// <param name="args">The program's arguments; left unchanged.</param>
		/// <param name="action">The program's body.</param>
		/// <param name="cleanupEnvironment">If true, finalise MPI afterwards, and on an exception print it and abort the
		/// job with exit code 1.</param>
		/// <exception cref="ObjectDisposedException">MPI has been finalized.</exception>
		public static void Run (ref string[] args, Action<Intracommunicator> action, bool cleanupEnvironment = true)
		{
			Run (ref args, Threading.Serialized, action, cleanupEnvironment);
		}

		/// <summary>Runs <paramref name="action"/> with <see cref="Communicator.world"/> inside an Environment.</summary>
		/// <param name="args">The program's arguments; left unchanged.</param>
		/// <param name="threading">The thread level wanted.</param>
		/// <param name="action">The program's body.</param>
		/// <param name="cleanupEnvironment">If true, finalise MPI afterwards, and on an exception print it and abort the
		/// job with exit code 1.</param>
		/// <exception cref="ArgumentNullException"><paramref name="action"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">MPI has been finalized.</exception>
		public static void Run (ref string[] args, Threading threading, Action<Intracommunicator> action,
		                        bool cleanupEnvironment = true)
		{
			if (action == null)
				throw new ArgumentNullException ("action");
			var env = new Environment (ref args, threading);
			if (!cleanupEnvironment) {
				action (Communicator.world);
				return;
			}
			try {
				action (Communicator.world);
				env.Dispose ();
			} catch (Exception e) {
				try {
					Console.Error.WriteLine (e);
				} catch {
					Console.Error.WriteLine (e.GetType ().Name + ": " + e.Message);
				}
				Abort (1);
			}
		}

		/// <summary>Whether MPI has been initialised (always true under Motor, even after finalisation).</summary>
		public static bool Initialized {
			get { return System.MP.MPI.Is_initialized (); }
		}

		/// <summary>Whether MPI has been finalized.</summary>
		public static bool Finalized {
			get { return System.MP.MPI.Is_finalized (); }
		}

		/// <summary>The level of thread support MPI provides.</summary>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static Threading Threading {
			get {
				switch (System.MP.MPI.Query_thread ()) {
				case System.MP.MPI.THREAD_SINGLE: return Threading.Single;
				case System.MP.MPI.THREAD_FUNNELED: return Threading.Funneled;
				case System.MP.MPI.THREAD_SERIALIZED: return Threading.Serialized;
				default: return Threading.Multiple;
				}
			}
		}

		/// <summary>Whether the calling thread is the program's main thread (the one that initialised MPI;
		/// MPI_Is_thread_main).</summary>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static bool IsMainThread {
			get { return System.MP.MPI.Is_thread_main (); }
		}

		/// <summary>The name of the processor (host) this process runs on.</summary>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static string ProcessorName {
			get { return System.MP.MPI.Get_processor_name (); }
		}

		/// <summary>Seconds since some time in the past (MPI_Wtime).</summary>
		public static double Time {
			get { return System.MP.MPI.Wtime (); }
		}

		/// <summary>The resolution of <see cref="Time"/> in seconds (MPI_Wtick).</summary>
		public static double TimeResolution {
			get { return System.MP.MPI.Wtick (); }
		}

		/// <summary>Whether <see cref="Time"/> is synchronised across processes; Motor does not ask the library and
		/// says false.</summary>
		public static bool IsTimeGlobal {
			get { return false; }
		}

		/// <summary>The largest message tag (MPI_TAG_UB).</summary>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static int MaxTag {
			get { return System.MP.MPI.TAG_UB; }
		}

		/// <summary>The rank of the host process, if any: null under Motor (MPI_HOST is not queried).</summary>
		public static int? HostRank {
			get { return null; }
		}

		/// <summary>The rank of a process that can do I/O, if known: null under Motor (MPI_IO is not queried).</summary>
		public static int? IORank {
			get { return null; }
		}

		/// <summary>Ends every process of the job with <paramref name="errorCode"/> (MPI_Abort on the world).</summary>
		/// <param name="errorCode">The exit code.</param>
		public static void Abort (int errorCode)
		{
			System.MP.MPI.COMM_WORLD.Abort (errorCode);
		}

		/// <summary>The exception MPI.NET raises for an MPI error code: MessageTruncatedException for
		/// MPI_ERR_TRUNCATE, ArgumentException for the classes that name an argument (MPI_ERR_BUFFER, _COUNT, _TYPE,
		/// _TAG, _COMM, _RANK, _REQUEST, _ROOT, _GROUP, _OP, _TOPOLOGY, _DIMS, _ARG, _FILE, _WIN; its ParamName the
		/// argument's name as MPI.NET gives it), an MPIException otherwise, with the library's message and the code
		/// and class in Data["MPI Error Code"] / Data["MPI Error Class"].</summary>
		/// <param name="errorCode">An MPI error code (0 is success).</param>
		/// <returns>The exception, or null for success.</returns>
		public static Exception TranslateErrorIntoException (int errorCode)
		{
			if (errorCode == 0)
				return null;
			int errorClass = System.MP.MPDirect.ErrorClass (errorCode);
			string message = System.MP.MPDirect.ErrorString (errorCode);
			string argument = System.MP.MPDirect.ArgumentName (errorClass);
			Exception result = errorClass == System.MP.MPDirect.ErrTruncateClass () ? new MessageTruncatedException (message)
				: argument != null ? new ArgumentException (message, argument == "" ? null : argument)
				: (Exception) new System.MP.MPIException (errorCode, errorClass, message);
			result.Data["MPI Error Code"] = errorCode;
			result.Data["MPI Error Class"] = errorClass;
			return result;
		}
	}
}

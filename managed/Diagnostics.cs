// Diagnostics: counters of the runtime's work on this rank, for programs and their authors.  The hooks that
// exist for tests (AddressOf, InternalCalls, the Spin setter) are internal: AssemblyInfo.cs names the test
// programs that use them.
namespace System.MP
{
	/// <summary>Counters of the runtime's work on this rank since start-up: how blocking operations waited, how buffers
	/// of non-blocking operations were kept in place, how requests completed; and the MPI library's version.  Reading
	/// them costs an internal call and changes nothing; <c>MOTOR_STATS=1</c> in the environment prints them per rank at
	/// exit.  Useful to see why a program is slow (many <see cref="WaitedOperations"/> or <see cref="PinsTaken"/>) and
	/// to check that requests are not left behind (<see cref="RequestsInFlight"/>).  Counters are process-wide, over
	/// all threads, and never reset.</summary>
	public static partial class Diagnostics
	{
		/// <summary>The object's current address, XOR-masked so that holding it does not pin the object
		/// (the stack scan is conservative).  Equal values mean the object has not moved.</summary>
		internal static long AddressOf (object obj)
		{
			return MPDirect.AddressOf (obj);
		}

		/// <summary>Blocking operations that had to wait in a GC-safe region since start-up.</summary>
		/// <remarks>A blocking operation (Send, Recv, Wait, a collective, ...) first polls MPI <see cref="Spin"/>
		/// times; one still incomplete then enters a GC-safe region, so that the garbage collector can run while it
		/// waits, and counts here.  Many of them in a message loop mean the peer is slow or the messages
		/// large.</remarks>
		public static long WaitedOperations {
			get { long w, i; MPDirect.BlockCounts (out w, out i); return w; }
		}

		/// <summary>Blocking operations that completed while polling, without a GC-safe transition.</summary>
		/// <remarks>The counterpart of <see cref="WaitedOperations"/>: operations that completed within
		/// <see cref="Spin"/> polls and so never left the running state; their sum is every blocking operation that got
		/// as far as the MPI library.</remarks>
		public static long ImmediateOperations {
			get { long w, i; MPDirect.BlockCounts (out w, out i); return i; }
		}

		/// <summary>How many times a blocking operation polls before it waits in a GC-safe region.</summary>
		/// <remarks>256 unless the environment variable <c>MOTOR_SPIN</c> sets another count at start-up; 0 waits
		/// at once.  Tells how to read <see cref="WaitedOperations"/> and <see cref="ImmediateOperations"/>.</remarks>
		public static int Spin {
			get { return MPDirect.GetSpin (); }
			internal set { MPDirect.SetSpin (value); }
		}

		static long Count (int i)
		{
			var c = new long[6];
			MPDirect.PinCounts (c);
			return c[i];
		}

		/// <summary>Buffers of non-blocking operations pinned because they could move.</summary>
		/// <remarks>The garbage collector may move small objects; an array that an Isend or Irecv still uses is pinned
		/// until the operation completes.  A high count relative to <see cref="PinsAvoided"/> is normal for small
		/// buffers; pins held for a long time fragment the nursery.</remarks>
		public static long PinsTaken { get { return Count (0); } }
		/// <summary>Buffers of non-blocking operations not pinned: those that cannot move (large objects), kept
		/// alive only, and those of sends the transport finished during the call (nothing to keep).</summary>
		/// <remarks>Large arrays (in SGen's large-object space) never move, so they only need to be kept alive.
		/// Compare with <see cref="PinsTaken"/>.</remarks>
		public static long PinsAvoided { get { return Count (1); } }
		/// <summary>Pins released because a collection found the transfer complete.</summary>
		/// <remarks>At every collection the runtime completes the non-blocking operations that have finished and
		/// releases their pins, even if the program never calls Wait; this counts those pins.</remarks>
		public static long PinsReleasedByGC { get { return Count (2); } }
		/// <summary>Requests completed by the collector's hook rather than by Wait/Test.</summary>
		/// <remarks>A non-zero value means requests were dropped or waited for late, which is safe: nothing leaks,
		/// and the result stays readable through Wait/Test.</remarks>
		public static long RequestsCompletedByGC { get { return Count (3); } }
		/// <summary>Non-blocking operations now in flight.</summary>
		/// <remarks>Posted (Isend, Irecv, OIsend) and not yet completed by Wait, Test or a collection.  A value
		/// that keeps growing means operations that never complete, such as receives no message matches.</remarks>
		public static long RequestsInFlight { get { return Count (4); } }
		/// <summary>Request slots allocated (pooled and reused; grows only with the number in flight at
		/// once).</summary>
		/// <remarks>The runtime keeps one slot per operation in flight and reuses slots; the count stays at the largest
		/// number in flight at once.</remarks>
		public static long RequestSlots { get { return Count (5); } }

		/// <summary>The MPI library's version line (MPI_Get_library_version), e.g. "MPICH Version: 4.0.2".</summary>
		/// <remarks>Useful in bug reports and to tell MPICH from Open MPI at run time (error classes and
		/// limits differ).</remarks>
		public static string MpiLibrary { get { return MPDirect.LibraryVersion (); } }

		// The library's name and version for messages: its version line with runs of white space made one space,
		// up to the first comma ("MPICH Version: 4.0.2", "Open MPI v4.1.4").
		internal static string LibraryName ()
		{
			string v = MPDirect.LibraryVersion () ?? "";
			v = string.Join (" ", v.Split (new[] { ' ', '\t', '\n', '\r' }, StringSplitOptions.RemoveEmptyEntries));
			int comma = v.IndexOf (',');
			v = comma > 0 ? v.Substring (0, comma) : v;
			return v.Length > 0 ? v : "unknown MPI library";
		}

		/// <summary>The names of the internal calls the runtime registered.</summary>
		internal static string[] InternalCalls ()
		{
			return MPDirect.InternalCalls ();
		}
	}
}

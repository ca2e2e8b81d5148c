// Diagnostics: a window on the runtime for tests and benchmarks.  Not part of the MPI API.
namespace System.MP
{
	public static partial class Diagnostics
	{
		/// <summary>The object's current address, XOR-masked so that holding it does not pin the object
		/// (the stack scan is conservative).  Equal values mean the object has not moved.</summary>
		public static long AddressOf (object obj)
		{
			return MPDirect.AddressOf (obj);
		}

		/// <summary>Blocking operations that had to wait in a GC-safe region since start-up.</summary>
		public static long WaitedOperations {
			get { long w, i; MPDirect.BlockCounts (out w, out i); return w; }
		}

		/// <summary>Blocking operations that completed while polling, without a GC-safe transition.</summary>
		public static long ImmediateOperations {
			get { long w, i; MPDirect.BlockCounts (out w, out i); return i; }
		}

		/// <summary>How many times a blocking operation polls before it waits in a GC-safe region.</summary>
		public static int Spin {
			get { return MPDirect.GetSpin (); }
			set { MPDirect.SetSpin (value); }
		}

		static long Count (int i)
		{
			var c = new long[6];
			MPDirect.PinCounts (c);
			return c[i];
		}

		/// <summary>Buffers of non-blocking operations pinned because they could move.</summary>
		public static long PinsTaken { get { return Count (0); } }
		/// <summary>Buffers of non-blocking operations not pinned: those that cannot move (large objects), kept
		/// alive only, and those of sends the transport finished during the call (nothing to keep).</summary>
		public static long PinsAvoided { get { return Count (1); } }
		/// <summary>Pins released because a collection found the transfer complete.</summary>
		public static long PinsReleasedByGC { get { return Count (2); } }
		/// <summary>Requests completed by the collector's hook rather than by Wait/Test.</summary>
		public static long RequestsCompletedByGC { get { return Count (3); } }
		/// <summary>Non-blocking operations now in flight.</summary>
		public static long RequestsInFlight { get { return Count (4); } }
		/// <summary>Request slots allocated (pooled and reused; grows only with the number in flight at once).</summary>
		public static long RequestSlots { get { return Count (5); } }

		/// <summary>The MPI library's version line (MPI_Get_library_version), e.g. "MPICH Version: 4.0.2".</summary>
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
		public static string[] InternalCalls ()
		{
			return MPDirect.InternalCalls ();
		}
	}
}

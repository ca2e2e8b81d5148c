// Diagnostics: a window on the runtime for tests and benchmarks.  Not part of the MPI API.
namespace System.MP
{
	public static class Diagnostics
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

		/// <summary>The names of the internal calls the runtime registered.</summary>
		public static string[] InternalCalls ()
		{
			return MPDirect.InternalCalls ();
		}
	}
}

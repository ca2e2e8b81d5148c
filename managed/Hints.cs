// Hints: the MPI_Info hints that MPI.File.Open and the Win constructors take (an IDictionary of keys and values),
// packed for the runtime as UTF-8 "key\0value\0...\0" (native-mpi/info.c), and the hints in effect read back.
using System.Collections.Generic;
using System.Text;

namespace System.MP
{
	internal static unsafe class Hints
	{
		// `hints` (null: none) packed; *refusal the exception for a null, empty or NUL-holding key or value of
		// operation `op` (else null), and then an empty packing.
		internal static byte[] Pack (IDictionary<string, string> hints, string op, out Exception refusal)
		{
			refusal = null;
			var packed = new StringBuilder ();
			if (hints != null) {
				foreach (var kv in hints) {
					if (kv.Key == null || kv.Value == null) {
						refusal = new ArgumentNullException ("hints", op + ": a hint's key and value must not be null");
						break;
					}
					if (kv.Key.Length == 0 || kv.Key.IndexOf ('\0') >= 0 || kv.Value.IndexOf ('\0') >= 0) {
						refusal = new ArgumentException (op + ": a hint's key must be non-empty, and neither key nor value may " +
							"hold a NUL character (key \"" + kv.Key + "\")", "hints");
						break;
					}
					packed.Append (kv.Key).Append ('\0').Append (kv.Value).Append ('\0');
				}
			}
			if (refusal != null)
				packed.Clear ();
			return Encoding.UTF8.GetBytes (packed.Append ('\0').ToString ());
		}

		// The exception for hints the runtime refused with EARG: a key or value too long for the library.
		internal static Exception TooLong (string what)
		{
			return new ArgumentException (what + ": a hint's key or value is too long for the MPI library " +
				"(MPI_MAX_INFO_KEY, MPI_MAX_INFO_VAL)", "hints");
		}

		internal delegate int Setter (byte* hints, int verdict);

		// A collective Set_info (MPI_File_set_info, MPI_Win_set_info) of operation `what`: `hints` packed and handed to
		// `set` with this rank's verdict on them.  Raises what every such call raises alike -- a bad hint on this rank,
		// one too long for the library, different hints on the ranks (`mismatch` says what the program must do) --
		// and returns any other code.
		internal static int Set (IDictionary<string, string> hints, string what, string mismatch, Setter set)
		{
			Exception bad;
			byte[] packed = Pack (hints, what, out bad);
			int rc;
			fixed (byte* p = packed)
				rc = set (p, bad == null ? 0 : Errors.EARG);
			if (bad != null)
				throw bad;
			if (rc == Errors.EARG)
				throw TooLong (what);
			if (rc == Errors.EMISMATCH)
				throw new ArgumentException (what + ": the ranks passed different hints, so no rank changed any; " + mismatch,
					"hints");
			return rc;
		}

		internal delegate int Getter (byte* buf, int cap, out int len);

		// The hints `get` packs (MPI_File_get_info, MPI_Win_get_info), asking again with more room while it needs
		// it; rc its code if not 0.
		internal static IDictionary<string, string> Read (Getter get, out int rc)
		{
			int cap = 4096, len;
			byte[] buf;
			do {
				buf = new byte[cap];
				fixed (byte* b = buf)
					rc = get (b, cap, out len);
				cap = len;
			} while (rc == Errors.ECOUNT && len > buf.Length);
			var hints = new Dictionary<string, string> ();
			for (int i = 0; rc == 0 && i < buf.Length && buf[i] != 0;) {
				int k = Array.IndexOf (buf, (byte) 0, i);
				int v = Array.IndexOf (buf, (byte) 0, k + 1);
				hints[Encoding.UTF8.GetString (buf, i, k - i)] = Encoding.UTF8.GetString (buf, k + 1, v - k - 1);
				i = v + 1;
			}
			return hints;
		}
	}
}

// ListPayload: what the LinkedList ping-pong bounces and how it is timed, compiled into both samples/LinkedList.cs
// (Motor) and bench/pinvoke/LinkedListPinvoke.cs (a P/Invoke wrapper), so that the two build, check and time the
// same lists by construction.  Each program declares the LinkedList class itself (Motor's marks its fields
// [Transportable]; the P/Invoke one cannot reference System.MP).
//
// A list of N elements carries 4,096 bytes in total: element i holds a byte[] of 4096/N bytes, the first
// 4096 % N one byte more (beyond 4,096 elements the arrays are empty), and byte j of element i is i * 7 + j.
using System;
using System.Globalization;

static class ListPayload
{
	internal const int TotalBytes = 4096;

	// Untimed warm-up round trips per N (the first ever includes JIT compilation); the last sizes the timed run.
	internal const int WarmUps = 3;

	static int Length (int n, int i)
	{
		return TotalBytes / n + (i < TotalBytes % n ? 1 : 0);
	}

	internal static LinkedList Make (int n)
	{
		LinkedList head = null;
		for (int i = n - 1; i >= 0; i--) {
			var a = new byte[Length (n, i)];
			for (int j = 0; j < a.Length; j++)
				a[j] = (byte) (i * 7 + j);
			head = new LinkedList { array = a, next = head };
		}
		return head;
	}

	internal static bool Check (LinkedList head, int n)
	{
		int i = 0;
		for (var e = head; e != null; e = e.next, i++) {
			if (e.array == null || e.array.Length != Length (n, i))
				return false;
			for (int j = 0; j < e.array.Length; j++)
				if (e.array[j] != (byte) (i * 7 + j))
					return false;
		}
		return i == n;
	}

	// How many round trips to time, given that one took `one` seconds: as many as fit in `budget` seconds, at
	// least 5 (1 when one takes more than a second: BinaryFormatter on long lists), at most 2,000.
	internal static int TimedRoundTrips (double one, double budget)
	{
		return (int) Math.Max (one > 1.0 ? 1 : 5, Math.Min (2000, budget / Math.Max (one, 1e-9)));
	}

	internal static void Header (bool csv, string what)
	{
		if (!csv)
			Console.WriteLine ("{0,9} {1,14} {2,14}   ({3})", "elements", "us/roundtrip", "us/object", what);
	}

	// Reports the median of round trips timed one by one: on a shared machine a few are hit by other processes,
	// and the median is what a round trip costs.  2N objects travel per round trip.
	internal static void Report (bool csv, int n, double[] seconds)
	{
		Array.Sort (seconds);
		double us = seconds[seconds.Length / 2] * 1e6;
		if (csv)
			Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "{0},{1:F3},{2:F5}", n, us, us / (2.0 * n)));
		else
			Console.WriteLine ("{0,9} {1,14:F2} {2,14:F4}", n, us, us / (2.0 * n));
		Console.Out.Flush ();
	}
}

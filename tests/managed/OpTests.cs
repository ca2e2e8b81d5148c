// OpTests: the built-in operators on every primitive type MPI defines them for (and refused on the others),
// user-defined operators from C# -- order of non-commutative ones, structs, exceptions, collections while they
// run, threads MPI never told the runtime about, many operators at once, native memory flat over 50,000 operators
// made and freed or dropped -- and every refusal.  Runs at 1, 2, 3 and 4 ranks.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.MP;
using System.Threading;

public struct Mat2 { public long A, B, C, D; }   // a 2x2 matrix [[A, B], [C, D]]
public struct HasRef { public object O; }
public enum Level { Low = 1, High = 4 }

public class OpFailure : Exception
{
	public OpFailure (string m) : base (m) { }
}

public static class OpTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (OpTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	// ---- built-in operators ---------------------------------------------------------------------------------

	static readonly Op[] Builtins = { Op.SUM, Op.PROD, Op.MIN, Op.MAX, Op.LAND, Op.LOR, Op.LXOR, Op.BAND, Op.BOR, Op.BXOR };
	static readonly string[] Names = { "SUM", "PROD", "MIN", "MAX", "LAND", "LOR", "LXOR", "BAND", "BOR", "BXOR" };

	// What rank r contributes: small values, so every result fits every type.  For bool only 0/1.
	static long[] Inputs (int r, bool logical)
	{
		var v = new long[] { r + 1, r == 0 ? 6 : r == 1 ? 3 : 1, r % 2, 0, 2, r == Size - 1 ? 2 : 3 };
		return logical ? v.Select (x => x % 2).ToArray () : v;
	}

	static long Fold (int op, Func<int, long> x)
	{
		long acc = x (0);
		for (int r = 1; r < Size; r++) {
			long b = x (r);
			switch (op) {
			case 0: acc += b; break;
			case 1: acc *= b; break;
			case 2: acc = Math.Min (acc, b); break;
			case 3: acc = Math.Max (acc, b); break;
			case 4: acc = (acc != 0 && b != 0) ? 1 : 0; break;
			case 5: acc = (acc != 0 || b != 0) ? 1 : 0; break;
			case 6: acc = ((acc != 0) != (b != 0)) ? 1 : 0; break;
			case 7: acc &= b; break;
			case 8: acc |= b; break;
			case 9: acc ^= b; break;
			}
		}
		// A logical operator over one rank still yields 0 or 1 in MPI only when it combines values; with one
		// rank the value passes through unchanged.
		return acc;
	}

	// MPI 4.0 §6.9.2: SUM PROD MIN MAX on integer and floating types; LAND LOR LXOR on integer and logical;
	// BAND BOR BXOR on integer types.
	static bool Defined (int op, Type t)
	{
		bool integer = t == typeof (byte) || t == typeof (sbyte) || t == typeof (short) || t == typeof (ushort) ||
			t == typeof (int) || t == typeof (uint) || t == typeof (long) || t == typeof (ulong) || t == typeof (char) ||
			t.IsEnum;
		bool floating = t == typeof (float) || t == typeof (double);
		bool logical = t == typeof (bool);
		return op < 4 ? integer || floating : op < 7 ? integer || logical : integer;
	}

	static T Of<T> (long v)
	{
		if (typeof (T).IsEnum)
			return (T) Enum.ToObject (typeof (T), v);
		return (T) Convert.ChangeType (v, typeof (T));
	}

	static long ToLong (object o)
	{
		return o is Enum ? Convert.ToInt64 ((int) o) : Convert.ToInt64 (o);
	}

	static void AllBuiltinsOn<T> ()
	{
		bool logical = typeof (T) == typeof (bool);
		int n = Inputs (0, logical).Length;
		for (int op = 0; op < Builtins.Length; op++) {
			var send = Inputs (Rank, logical).Select (Of<T>).ToArray ();
			var recv = new T[n];
			string what = Names[op] + " on " + typeof (T).Name;
			if (!Defined (op, typeof (T))) {
				var e = Assert.Throws<ArgumentException> (() => World.Allreduce (send, recv, Builtins[op]), what + " refused");
				Assert.Contains ("does not define Op." + Names[op], e.Message, what);
				continue;
			}
			World.Allreduce (send, recv, Builtins[op]);
			for (int i = 0; i < n; i++) {
				int k = i;
				long expected = Fold (op, r => Inputs (r, logical)[k]);
				Assert.Equal (expected, ToLong (recv[i]), what + " element " + i);
			}
		}
	}

	public static void BuiltinOperatorsOnEveryPrimitiveType ()
	{
		AllBuiltinsOn<byte> ();
		AllBuiltinsOn<sbyte> ();
		AllBuiltinsOn<short> ();
		AllBuiltinsOn<ushort> ();
		AllBuiltinsOn<int> ();
		AllBuiltinsOn<uint> ();
		AllBuiltinsOn<long> ();
		AllBuiltinsOn<ulong> ();
		AllBuiltinsOn<float> ();
		AllBuiltinsOn<double> ();
		AllBuiltinsOn<char> ();
		AllBuiltinsOn<bool> ();
		AllBuiltinsOn<Level> ();
	}

	// A small reduction with a built-in operator is carried out by the collective's agreement, with Motor's own
	// arithmetic (native-mpi/agree.c); a large one by the MPI library.  Both must give the same bits, wrapping
	// included: the first elements of a large Allreduce against the same elements reduced alone, on every type, with
	// values near each type's limits (small whole numbers for float and double, whose sums are then exact).
	static void CarriedMatchesLibrary<T> (Func<long, T> of)
	{
		int size = System.Runtime.InteropServices.Marshal.SizeOf (typeof (T) == typeof (char) ? typeof (ushort) :
			typeof (T) == typeof (bool) ? typeof (byte) : typeof (T));
		int small = 56 / size, large = 200;
		bool logical = typeof (T) == typeof (bool), floating = typeof (T) == typeof (float) || typeof (T) == typeof (double);
		for (int op = 0; op < Builtins.Length; op++) {
			if (!Defined (op, typeof (T)))
				continue;
			var send = Enumerable.Range (0, large).Select (i => of (logical ? (Rank + i) % 2 :
				floating ? 1 + (Rank + i) % 5 : long.MaxValue / 3 + 7919L * Rank * (i + 1) + 104729L * i)).ToArray ();
			var all = new T[large];
			World.Allreduce (send, all, Builtins[op]);
			var first = new T[small];
			World.Allreduce (send.Take (small).ToArray (), first, Builtins[op]);
			Assert.SequenceEqual (all.Take (small), first, Names[op] + " on " + typeof (T).Name + ": carried and library results");
			var inPlace = send.Take (small).ToArray ();
			World.Allreduce (inPlace, Builtins[op]);
			Assert.SequenceEqual (first, inPlace, Names[op] + " on " + typeof (T).Name + " in place");
			var atRoot = new T[small];
			World.Reduce (send.Take (small).ToArray (), atRoot, Builtins[op], Size - 1);
			if (Rank == Size - 1)
				Assert.SequenceEqual (first, atRoot, Names[op] + " on " + typeof (T).Name + ": Reduce");
		}
	}

	public struct IntPair { public int X, Y; }
	public struct FloatPair { public float X, Y; }

	// A user-defined operator reduces its own element type only, also against a struct of the same size (the
	// runtime's element types tell structs apart by size): refused on every rank, before any data moves.
	public static void UserOperatorRefusesAnotherStructOfTheSameSize ()
	{
		using (var op = Op.Create<IntPair> ((a, b) => new IntPair { X = a.X + b.X, Y = a.Y + b.Y }, true)) {
			var buf = new[] { new FloatPair { X = 1.5f, Y = 2.5f } };
			var e = Assert.Throws<ArgumentException> (() => World.Allreduce (buf, op), "Allreduce");
			Assert.Contains ("cannot reduce elements of", e.Message, "says why");
			Assert.Throws<ArgumentException> (() => op.Reduce_local (new FloatPair[1], new FloatPair[1]), "Reduce_local");
			Assert.Equal (1.5f, buf[0].X, "the buffer is unchanged");
			var ok = new[] { new IntPair { X = 1, Y = Rank } };
			World.Allreduce (ok, op);
			Assert.Equal (Size, ok[0].X, "its own type afterwards");
		}
	}

	public static void SmallReductionsGiveTheLibrarysResults ()
	{
		CarriedMatchesLibrary (x => unchecked ((byte) x));
		CarriedMatchesLibrary (x => unchecked ((sbyte) x));
		CarriedMatchesLibrary (x => unchecked ((short) x));
		CarriedMatchesLibrary (x => unchecked ((ushort) x));
		CarriedMatchesLibrary (x => unchecked ((int) x));
		CarriedMatchesLibrary (x => unchecked ((uint) x));
		CarriedMatchesLibrary (x => x);
		CarriedMatchesLibrary (x => unchecked ((ulong) x));
		CarriedMatchesLibrary (x => (float) x);
		CarriedMatchesLibrary (x => (double) x);
		CarriedMatchesLibrary (x => unchecked ((char) x));
		CarriedMatchesLibrary (x => x != 0);
	}

	// MIN and MAX of unsigned values above the signed range: Debian 12's MPICH 4.0.2 compares them as signed
	// (tests/upstream/mpich-unsigned-minmax.c), so Motor reduces them with operators of its own there.  Rank 0 holds
	// 1, the others the largest value of the type; small arrays (carried by the agreement) and large ones (the
	// library's path), Reduce_local, Reduce, Scan and the non-blocking forms.
	static void UnsignedExtremes<T> (T one, T big)
	{
		foreach (int n in new[] { 1, 300 }) {
			string what = typeof (T).Name + "[" + n + "]";
			var mine = Enumerable.Repeat (Rank == 0 ? one : big, n).ToArray ();
			var min = new T[n];
			var max = new T[n];
			World.Allreduce (mine, min, Op.MIN);
			World.Allreduce (mine, max, Op.MAX);
			Assert.Equal (one, min[n - 1], "Allreduce MIN of " + what);
			Assert.Equal (Size > 1 ? big : one, max[n - 1], "Allreduce MAX of " + what);
			var atRoot = new T[n];
			World.Reduce (mine, atRoot, Op.MIN, Size - 1);
			if (Rank == Size - 1)
				Assert.Equal (one, atRoot[0], "Reduce MIN of " + what);
			var scan = new T[n];
			World.Scan (mine, scan, Op.MIN);
			Assert.Equal (one, scan[0], "Scan MIN of " + what);
			var nb = new T[n];
			World.Iallreduce (mine, nb, Op.MAX).Wait ();
			Assert.Equal (Size > 1 ? big : one, nb[0], "Iallreduce MAX of " + what);
			var local = Enumerable.Repeat (big, n).ToArray ();
			Op.MIN.Reduce_local (Enumerable.Repeat (one, n).ToArray (), local);
			Assert.Equal (one, local[n - 1], "Reduce_local MIN of " + what);
			Op.MAX.Reduce_local (Enumerable.Repeat (big, n).ToArray (), local);
			Assert.Equal (big, local[0], "Reduce_local MAX of " + what);
		}
	}

	public static void UnsignedMinAndMaxAreRightUnderEveryLibrary ()
	{
		UnsignedExtremes<byte> (1, byte.MaxValue);
		UnsignedExtremes<ushort> (1, ushort.MaxValue);
		UnsignedExtremes<char> ('\u0001', char.MaxValue);
		UnsignedExtremes<uint> (1, uint.MaxValue);
		UnsignedExtremes<ulong> (1, ulong.MaxValue);
	}

	public static void BuiltinOperatorsRefuseStructs ()
	{
		foreach (var op in Builtins) {
			var e = Assert.Throws<ArgumentException> (() => World.Allreduce (new Mat2[1], new Mat2[1], op), op + " on a struct");
			Assert.Contains ("Op.Create", e.Message, op.ToString ());
		}
	}

	public static void BuiltinsCannotBeFreed ()
	{
		Assert.Throws<InvalidOperationException> (() => Op.SUM.Free (), "Free");
		Assert.Throws<InvalidOperationException> (() => Op.BXOR.Dispose (), "Dispose");
		Assert.True (Op.MAX.Is_commutative (), "built-ins are commutative");
	}

	// ---- user-defined operators: order ---------------------------------------------------------------------

	// Concatenation of decimal numerals: associative, as MPI requires, and not commutative.  Reducing the rank
	// contributions r+1 in rank order gives 12...n.
	static long Concat (long a, long b)
	{
		long p = 10;
		while (p <= b)
			p *= 10;
		return a * p + b;
	}

	static long Digits (int from, int to)
	{
		long v = 0;
		for (int r = from; r < to; r++)
			v = v * 10 + r + 1;
		return v;
	}

	public static void NonCommutativeOrderInEveryReduction ()
	{
		using (var append = Op.Create<long> (Concat, false)) {
			Assert.True (!append.Is_commutative (), "not commutative");
			foreach (int n in new[] { 1, 7, 20000 }) {
				var send = Enumerable.Repeat ((long) Rank + 1, n).ToArray ();
				var recv = new long[n];
				World.Allreduce (send, recv, append);
				Assert.True (recv.All (x => x == Digits (0, Size)), "Allreduce n=" + n + ": " + recv[0]);
				for (int root = 0; root < Size; root++) {
					var r = Rank == root ? new long[n] : null;
					World.Reduce (send, r, append, root);
					if (Rank == root)
						Assert.True (r.All (x => x == Digits (0, Size)), "Reduce root " + root + " n=" + n + ": " + r[0]);
				}
				World.Scan (send, recv, append);
				Assert.True (recv.All (x => x == Digits (0, Rank + 1)), "Scan n=" + n + ": " + recv[0]);
				recv[0] = -1;
				World.Exscan (send, recv, append);
				if (Rank > 0)
					Assert.True (recv.All (x => x == Digits (0, Rank)), "Exscan n=" + n + ": " + recv[0]);
				var blocks = Enumerable.Repeat ((long) Rank + 1, n * Size).ToArray ();
				World.Reduce_scatter_block (blocks, recv, append);
				Assert.True (recv.All (x => x == Digits (0, Size)), "Reduce_scatter_block n=" + n + ": " + recv[0]);
				World.Allreduce (send, append);
				Assert.True (send.All (x => x == Digits (0, Size)), "Allreduce in place n=" + n);
			}
		}
	}

	static Mat2 Mul (Mat2 x, Mat2 y)
	{
		return new Mat2 { A = x.A * y.A + x.B * y.C, B = x.A * y.B + x.B * y.D, C = x.C * y.A + x.D * y.C, D = x.C * y.B + x.D * y.D };
	}

	static Mat2 M (int r, int i) { return new Mat2 { A = r + 1, B = 1 + i % 3, C = 1, D = 0 }; }

	public static void StructOperatorMatrixProductInRankOrder ()
	{
		using (var mul = Op.Create<Mat2> (Mul, false)) {
			const int n = 500;
			var send = Enumerable.Range (0, n).Select (i => M (Rank, i)).ToArray ();
			var recv = new Mat2[n];
			World.Allreduce (send, recv, mul);
			for (int i = 0; i < n; i++) {
				Mat2 expected = M (0, i);
				for (int r = 1; r < Size; r++)
					expected = Mul (expected, M (r, i));
				Assert.Equal (expected, recv[i], "product of " + i);
			}
		}
	}

	public static void UserOperatorsOnPrimitiveTypes ()
	{
		using (var i = Op.Create<int> ((a, b) => Math.Max (a, b), true))
		using (var f = Op.Create<float> ((a, b) => a + b, true))
		using (var c = Op.Create<char> ((a, b) => a > b ? a : b, true))
		using (var o = Op.Create<bool> ((a, b) => a ^ b, true))
		using (var y = Op.Create<byte> ((a, b) => (byte) (a | b), true))
		using (var d = Op.Create<double> ((a, b) => a + b, true)) {
			var ir = new[] { Rank * 3 };
			World.Allreduce (ir, i);
			Assert.Equal ((Size - 1) * 3, ir[0], "int max");
			var fr = new[] { 0.5f };
			World.Allreduce (fr, f);
			Assert.Equal (0.5f * Size, fr[0], "float sum");
			var cr = new[] { (char) ('a' + Rank) };
			World.Allreduce (cr, c);
			Assert.Equal ((char) ('a' + Size - 1), cr[0], "char max");
			var orr = new[] { true };
			World.Allreduce (orr, o);
			Assert.Equal (Size % 2 == 1, orr[0], "bool xor");
			var yr = new[] { (byte) (1 << Rank) };
			World.Allreduce (yr, y);
			Assert.Equal ((byte) ((1 << Size) - 1), yr[0], "byte or");
			var m = new double[3, 2];
			m[2, 1] = Rank;
			World.Allreduce (m, d);
			Assert.Equal ((double) Size * (Size - 1) / 2, m[2, 1], "double[,]");
		}
	}

	// Every shape of delegate an operator can be made from: the fast path (an emitted loop that calls the method
	// directly) handles plain static and instance methods, the delegate loop the rest; both must give the same
	// results.  (Order is checked by NonCommutativeOrderInEveryReduction, whose operator takes the fast path.)
	// MPI requires operators to be associative, so each of these is.
	class Scaler
	{
		public double K;
		public virtual double Apply (double a, double b) { return a + b + K; }
	}

	class Doubler : Scaler
	{
		public override double Apply (double a, double b) { return a + b + 2 * K; }
	}

	struct Offset
	{
		public double D;
		public double Apply (double a, double b) { return a + b + D; }
	}

	static double Add (double a, double b) { return a + b; }

	public static void OperatorsFromEveryKindOfDelegate ()
	{
		double k = 3;
		int multicastCalls = 0;
		Func<double, double, double> multicast = (a, b) => { multicastCalls++; return 0; };
		multicast += (a, b) => a * b;
		var cases = new[] {
			Tuple.Create ("static method", new Func<double, double, double> (Add), (Func<double, double, double>) Add),
			Tuple.Create ("instance method", new Func<double, double, double> (new Scaler { K = 2 }.Apply), (Func<double, double, double>) ((a, b) => a + b + 2)),
			Tuple.Create ("virtual override", new Func<double, double, double> (((Scaler) new Doubler { K = 2 }).Apply), (Func<double, double, double>) ((a, b) => a + b + 4)),
			Tuple.Create ("method of a struct", new Func<double, double, double> (new Offset { D = 0.5 }.Apply), (Func<double, double, double>) ((a, b) => a + b + 0.5)),
			Tuple.Create ("closure", (Func<double, double, double>) ((a, b) => a + b + k), (Func<double, double, double>) ((a, b) => a + b + 3)),
			Tuple.Create ("multicast", multicast, (Func<double, double, double>) ((a, b) => a * b)),
		};
		foreach (var c in cases) {
			using (var op = Op.Create<double> (c.Item2, true)) {
				const int n = 1000;
				var send = Enumerable.Range (0, n).Select (i => (double) (Rank + 1) + i % 5).ToArray ();
				var recv = new double[n];
				World.Allreduce (send, recv, op);
				for (int i = 0; i < n; i++) {
					double expected = 1 + i % 5;
					for (int r = 1; r < Size; r++)
						expected = c.Item3 (expected, r + 1 + i % 5);
					Assert.Equal (expected, recv[i], c.Item1 + " element " + i);
				}
			}
		}
		// Only the ranks that reduce call the operator.
		var calls = new[] { multicastCalls };
		World.Allreduce (calls, Op.SUM);
		Assert.True (Size == 1 || calls[0] > 0, "every delegate of a multicast operator runs");
	}

	public static void ReduceLocalWithBuiltinAndUserOperators ()
	{
		var inout = new[] { 1.0, 2.0 };
		Op.SUM.Reduce_local (new[] { 10.0, 20.0 }, inout);
		Assert.SequenceEqual (new[] { 11.0, 22.0 }, inout, "SUM");
		using (var sub = Op.Create<double> ((a, b) => a - b, false)) {
			sub.Reduce_local (new[] { 10.0, 20.0 }, inout);
			Assert.SequenceEqual (new[] { -1.0, -2.0 }, inout, "in - inout");
		}
	}

	// ---- exceptions ---------------------------------------------------------------------------------------------

	public static void ExceptionInOperatorSurfacesOnThatRank ()
	{
		int calls = 0;
		using (var bad = Op.Create<int> ((a, b) => {
			Interlocked.Increment (ref calls);
			throw new OpFailure ("operator failed on rank " + Rank);
		}, true)) {
			// Reduce_local runs the operator here at every size.
			var e = Assert.Throws<OpFailure> (() => bad.Reduce_local (new[] { 1, 2 }, new[] { 3, 4 }), "Reduce_local");
			Assert.Contains ("rank " + Rank, e.Message, "message");
			Assert.True (e.StackTrace.Contains ("OpTests"), "the original stack trace is kept: " + e.StackTrace);
			Assert.Equal (1, calls, "after the first exception the rest of the buffer is skipped");

			// Every collective runs on every rank before anything is asserted, so a failed check cannot leave the
			// other ranks waiting in a collective.
			// Reduce to rank 0 over two or more ranks: the root combines, so it throws; the others complete.
			calls = 0;
			var recv = Rank == 0 ? new int[4] : null;
			Exception reduceThrew = null;
			try {
				World.Reduce (new int[4], recv, bad, 0);
			} catch (Exception x) {
				reduceThrew = x;
			}
			int reduceCalls = calls;

			// Allreduce: every rank whose operator ran throws; at least one did when there are two ranks.
			calls = 0;
			Exception allThrew = null;
			try {
				World.Allreduce (new int[8], new int[8], bad);
			} catch (Exception x) {
				allThrew = x;
			}
			int allCalls = calls;
			var total = new[] { allThrew != null ? 1 : 0 };
			World.Allreduce (total, Op.SUM);

			if (Rank == 0 && Size > 1)
				Assert.True (reduceThrew is OpFailure, "Reduce at the root threw " + reduceThrew + " after " + reduceCalls + " calls");
			else
				Assert.Equal (reduceCalls > 0, reduceThrew is OpFailure, "Reduce off the root threw exactly when the operator ran: " + reduceThrew);
			Assert.Equal (allCalls > 0, allThrew is OpFailure, "Allreduce threw exactly when the operator ran (" + allCalls + " calls): " + allThrew);
			Assert.True (Size == 1 || total[0] >= 1, "some rank threw");
		}
		// The rank is fine afterwards, and so is a good operator.
		using (var good = Op.Create<int> ((a, b) => a + b, true)) {
			var x = new[] { 1 };
			World.Allreduce (x, good);
			Assert.Equal (Size, x[0], "usable afterwards");
		}
	}

	public static void ExceptionOnOneRankOnlyLeavesOthersUntouched ()
	{
		// The operator throws only on the last rank; the collective completes everywhere, and only that rank
		// raises.
		int me = Rank;
		using (var op = Op.Create<int> ((a, b) => {
			if (me == Size - 1 && Size > 1)
				throw new InvalidOperationException ("last rank refuses");
			return a + b;
		}, true)) {
			var x = new[] { 1, 1 };
			var recv = Rank == Size - 1 ? new int[2] : null;
			if (Rank == Size - 1 && Size > 1)
				Assert.Throws<InvalidOperationException> (() => World.Reduce (x, recv, op, Size - 1), "root raises");
			else
				World.Reduce (x, recv, op, Size - 1);
		}
	}

	// ---- collections and threads --------------------------------------------------------------------------------

	// A function that throws on negative operands, for the tests of one operator in several reductions at once.
	static Op NegativeFails ()
	{
		return Op.Create<int> ((a, b) => {
			if (a < 0 || b < 0)
				throw new OpFailure ("negative operand");
			return a + b;
		}, true);
	}

	// One operator in reductions on two threads at once, on two communicators: the function throws in one thread's
	// reductions (its operands are negative) and never in the other's.  Each thread sees only its own outcome: the
	// other's reductions are neither skipped (wrong sums) nor blamed for its exception.
	public static void OneOperatorOnTwoThreadsKeepsEachReductionsException ()
	{
		const int Rounds = 50, N = 20000;
		Op op = NegativeFails ();
		Intracomm ca = World.Dup (), cb = World.Dup ();
		int thrown = 0, wrong = 0;
		Exception failedA = null, failedB = null;
		var a = new Thread (() => {
			try {
				for (int i = 0; i < Rounds; i++) {
					try {
						ca.Reduce (Enumerable.Repeat (-1, N).ToArray (), new int[N], op, 0);
					} catch (OpFailure) {
						thrown++;
					}
				}
			} catch (Exception e) {
				failedA = e;
			}
		});
		var b = new Thread (() => {
			try {
				for (int i = 0; i < Rounds; i++) {
					var sum = new int[N];
					cb.Allreduce (Enumerable.Repeat (1, N).ToArray (), sum, op);
					if (sum.Any (x => x != Size))
						wrong++;
				}
			} catch (Exception e) {
				failedB = e;
			}
		});
		a.Start ();
		b.Start ();
		a.Join ();
		b.Join ();
		Assert.True (failedA == null, "the throwing thread raised only the function's exception: " + failedA);
		Assert.True (failedB == null, "the other thread raised nothing: " + failedB);
		Assert.Equal (0, wrong, "wrong sums in the other thread");
		if (Size >= 2 && Rank == 0)
			Assert.Equal (Rounds, thrown, "the root's reductions that raised the function's exception");
		var check = new int[1];
		World.Allreduce (new[] { 1 }, check, op);
		Assert.Equal (Size, check[0], "the operator works afterwards");
		ca.Free ();
		cb.Free ();
		op.Free ();
	}

	// Two non-blocking reductions with one operator in flight at once, the first of which throws: the second's result
	// is right and its Wait raises nothing; the first's Wait raises the exception on the root (and on any other rank
	// that reduced).
	public static void TwoNonBlockingReductionsWithOneOperatorKeepTheirOwnOutcomes ()
	{
		Op op = NegativeFails ();
		for (int round = 0; round < 20; round++) {
			var bad = new int[8];
			var good = new int[8];
			Request rb = World.Ireduce (Enumerable.Repeat (-1, 8).ToArray (), bad, op, 0);
			Request rg = World.Iallreduce (Enumerable.Repeat (2, 8).ToArray (), good, op);
			rg.Wait ();
			Assert.SequenceEqual (Enumerable.Repeat (2 * Size, 8), good, "the good reduction, round " + round);
			if (Size >= 2 && Rank == 0)
				Assert.Throws<OpFailure> (() => rb.Wait (), "the throwing reduction, round " + round);
			else
				try {
					rb.Wait ();
				} catch (OpFailure) {
					// a rank inside the reduction tree reduces too (at 4 ranks, rank 2 reduces rank 3's part)
				}
		}
		op.Free ();
	}

	// Waitall over reductions with a user-defined operator: one whose operator ran clean raises nothing and the
	// wait goes on to the next; the one whose operator threw raises (on the root) and the wait stops there, so the
	// reduction after it completes in the next Waitall, with its right result.
	public static void WaitallOverUserOperatorReductionsRaisesOnlyTheFailingOne ()
	{
		Op op = NegativeFails ();
		for (int round = 0; round < 10; round++) {
			var good = new int[8];
			var bad = new int[8];
			var after = new int[8];
			Request[] rs = { World.Iallreduce (Enumerable.Repeat (2, 8).ToArray (), good, op),
				World.Ireduce (Enumerable.Repeat (-1, 8).ToArray (), bad, op, 0),
				World.Iallreduce (Enumerable.Repeat (3, 8).ToArray (), after, op) };
			if (Size >= 2 && Rank == 0)
				Assert.Throws<OpFailure> (() => Request.Waitall (rs), "Waitall, round " + round);
			else
				try {
					Request.Waitall (rs);
				} catch (OpFailure) {
					// a rank inside the reduction tree reduces too
				}
			Assert.SequenceEqual (Enumerable.Repeat (2 * Size, 8), good, "the reduction before, round " + round);
			Request.Waitall (rs);
			Assert.SequenceEqual (Enumerable.Repeat (3 * Size, 8), after, "the reduction after, round " + round);
		}
		op.Free ();
	}

	public static void UserOperatorRunsWhileAnotherThreadCollects ()
	{
		bool stop = false;
		int collections = 0;
		var storm = new Thread (() => {
			while (!Volatile.Read (ref stop)) {
				GC.KeepAlive (new byte[512]);
				GC.Collect (0);
				Interlocked.Increment (ref collections);
			}
		});
		storm.Start ();
		// The operator allocates, so it reaches safepoints and collections happen inside it too.
		using (var op = Op.Create<double> ((a, b) => { GC.KeepAlive (new object ()); return a + b; }, true)) {
			var sw = Stopwatch.StartNew ();
			// Every rank must run the same number of reductions: after 200, the ranks agree (Allreduce MAX of
			// "I still want more collections") whether to go on.
			var more = new int[1];
			for (int it = 0; ; it++) {
				if (it >= 200) {
					more[0] = Volatile.Read (ref collections) < 20 && sw.ElapsedMilliseconds < 10000 ? 1 : 0;
					World.Allreduce (more, Op.MAX);
					if (more[0] == 0)
						break;
				}
				var a = new double[300];
				for (int i = 0; i < a.Length; i++)
					a[i] = Rank + i + it;
				var b = new double[300];
				World.Allreduce (a, b, op);
				for (int i = 0; i < b.Length; i += 37)
					if (b[i] != Size * (i + it) + Size * (Size - 1) / 2)
						throw new AssertionException ("iteration " + it + " element " + i + ": " + b[i]);
			}
		}
		Volatile.Write (ref stop, true);
		storm.Join ();
		Assert.True (collections > 10, "collections ran meanwhile: " + collections);
	}

	public static void UserOperatorCalledFromAThreadTheRuntimeNeverSaw ()
	{
		int thread = Thread.CurrentThread.ManagedThreadId, other = 0;
		using (var op = Op.Create<long> ((a, b) => {
			other = Thread.CurrentThread.ManagedThreadId;
			GC.Collect (0);
			return Concat (a, b);
		}, false)) {
			var inout = new long[] { 2, 3 };
			Diagnostics.ReduceLocalOnNewThread (op, new long[] { 1, 1 }, inout);
			Assert.SequenceEqual (new long[] { 12, 13 }, inout, "result");
			Assert.True (other != 0 && other != thread, "ran on another thread (" + other + " vs " + thread + ")");
			// An exception there surfaces here.
			using (var bad = Op.Create<long> ((a, b) => { throw new OpFailure ("from the foreign thread"); }, true))
				Assert.Throws<OpFailure> (() => Diagnostics.ReduceLocalOnNewThread (bad, new long[1], new long[1]), "exception");
		}
	}

	// ---- many operators ---------------------------------------------------------------------------------------

	public static void ManyOperatorsEachWithItsOwnEntryPoint ()
	{
		// More than mpi4py's 32: each adds its own constant, so a mix-up of entry points shows in the result.
		var ops = new List<Op> ();
		for (int k = 0; k < 300; k++) {
			int c = k;
			ops.Add (Op.Create<int> ((a, b) => a + b + c, true));
		}
		for (int k = 0; k < ops.Count; k += 7) {
			var x = new[] { 1 };
			World.Allreduce (x, ops[k]);
			Assert.Equal (Size + (Size - 1) * k, x[0], "operator " + k);
		}
		for (int k = 0; k < ops.Count; k += 2)
			ops[k].Free ();
		// Freed slots are reused by new operators; the old ones keep working.
		for (int k = 0; k < 100; k++) {
			int c = 1000 + k;
			ops[2 * k] = Op.Create<int> ((a, b) => a + b + c, true);
		}
		foreach (int k in new[] { 0, 1, 2, 99, 198, 199, 299 }) {
			var x = new[] { 1 };
			World.Allreduce (x, ops[k]);
			int c = k % 2 == 1 || k >= 200 ? k : 1000 + k / 2;
			Assert.Equal (Size + (Size - 1) * c, x[0], "operator " + k);
		}
		// Half are left alive: they are released at exit.
		for (int k = 0; k < ops.Count; k += 3)
			ops[k].Free ();
	}

	public static void UnreachableOperatorsAreFinalized ()
	{
		for (int k = 0; k < 500; k++)
			Op.Create<double> ((a, b) => a + b, true);
		GC.Collect ();
		GC.WaitForPendingFinalizers ();
		GC.Collect ();
		using (var op = Op.Create<double> ((a, b) => a + b, true)) {
			var x = new[] { 1.0 };
			World.Allreduce (x, op);
			Assert.Equal ((double) Size, x[0], "still works");
		}
	}

	// ---- native memory over many operators -----------------------------------------------------------------------

	// Resident memory in bytes (/proc/self/statm, second field, in pages), after a full collection.
	static long ResidentBytes ()
	{
		GC.Collect ();
		GC.WaitForPendingFinalizers ();
		GC.Collect ();
		string[] f = System.IO.File.ReadAllText ("/proc/self/statm").Split (' ');
		return long.Parse (f[1]) * Environment.SystemPageSize;
	}

	const int Cycles = 50000;
	const long AllowedGrowth = 4 << 20; // a leak of 100 bytes a cycle would show

	// One operator: made from a lambda that captures a fresh variable (a new closure each time, as in a loop of a
	// real program), checked with Reduce_local, then freed or dropped.
	static void CreateUseAndMaybeFree (int i, bool free)
	{
		double k = i % 7;
		var op = Op.Create<double> ((a, b) => a + b + k, true);
		var inout = new[] { 1.0, 2.0 };
		op.Reduce_local (new[] { 10.0, 20.0 }, inout);
		if (inout[0] != 11.0 + k || inout[1] != 22.0 + k)
			throw new AssertionException ("cycle " + i + ": Reduce_local gave " + inout[0] + ", " + inout[1]);
		if (free)
			op.Free ();
	}

	static void MemoryStaysFlat (bool free)
	{
		for (int i = 0; i < 5000; i++) // warm-up: JIT, the runtime's tables, MPI's handle pools
			CreateUseAndMaybeFree (i, free);
		// Two rounds, the second one judged: what grows once grows in the first (under AddressSanitizer its
		// allocator's regions, 4-5 MB on one machine whether the rounds are 25,000 or 100,000 operators long), a
		// leak in both.
		long growth = 0;
		for (int round = 0; round < 2; round++) {
			long before = ResidentBytes ();
			for (int i = 0; i < Cycles; i++) {
				CreateUseAndMaybeFree (i, free);
				if (!free && i % 1000 == 999) {
					GC.Collect ();
					GC.WaitForPendingFinalizers ();
				}
			}
			growth = ResidentBytes () - before;
		}
		Assert.True (growth < AllowedGrowth, "resident memory grew by " + growth / 1024 + " KiB over a second round of " +
		             Cycles + " operators (" + growth / Cycles + " bytes each)");
		using (var op = Op.Create<double> ((a, b) => a + b, true)) {
			var x = new[] { 1.0 };
			World.Allreduce (x, op);
			Assert.Equal ((double) Size, x[0], "an operator still works");
		}
	}

	public static void CreateAndFreeManyOperatorsKeepsNativeMemoryFlat ()
	{
		MemoryStaysFlat (true);
	}

	public static void DroppedOperatorsAreFinalizedWithoutGrowingNativeMemory ()
	{
		MemoryStaysFlat (false);
	}

	// ---- refusals ------------------------------------------------------------------------------------------------

	public static void RefusesMisuse ()
	{
		Assert.Throws<ArgumentNullException> (() => Op.Create<int> (null, true), "null function");
		var e = Assert.Throws<ArgumentException> (() => Op.Create<HasRef> ((a, b) => a, true), "struct with a reference");
		Assert.Contains ("HasRef", e.Message, "names the type");
		var op = Op.Create<double> ((a, b) => a + b, true);
		var ex = Assert.Throws<ArgumentException> (() => World.Allreduce (new int[1], new int[1], op), "wrong element type");
		Assert.Contains ("System.Int32", ex.Message, "names the buffer's type");
		Assert.Throws<ArgumentException> (() => op.Reduce_local (new double[1], new double[2]), "Reduce_local lengths");
		Assert.Throws<ArgumentException> (() => op.Reduce_local (new double[1], new int[1]), "Reduce_local types");
		op.Free ();
		op.Free (); // a second free does nothing
		Assert.Throws<ObjectDisposedException> (() => World.Allreduce (new double[1], new double[1], op), "freed operator");
		Assert.Throws<ObjectDisposedException> (() => World.Reduce (new double[1], new double[1], op, 0), "freed operator in Reduce");
		var x = new[] { 2.0 };
		World.Allreduce (x, Op.SUM);
		Assert.Equal (2.0 * Size, x[0], "usable afterwards");
	}

	// ---- the same again with the non-blocking forms -----------------------------------------------------------

	public static void NonBlockingFormsGiveTheSameResults ()
	{
		bool was = Diagnostics.CollectivesNonBlocking;
		Diagnostics.CollectivesNonBlocking = true;
		try {
			Assert.True (Diagnostics.CollectivesNonBlocking, "switched");
			BuiltinOperatorsOnEveryPrimitiveType ();
			NonCommutativeOrderInEveryReduction ();
			StructOperatorMatrixProductInRankOrder ();
			ExceptionInOperatorSurfacesOnThatRank ();
			UserOperatorRunsWhileAnotherThreadCollects ();
		} finally {
			Diagnostics.CollectivesNonBlocking = was;
		}
	}
}

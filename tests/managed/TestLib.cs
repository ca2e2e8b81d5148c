// TestLib: a small test runner for multi-rank System.MP tests.
//
// A test program calls TestRunner.Run(typeof(SomeTests)).  Every public static method of that class without
// parameters is a test; they run in declaration order on every rank.  After each test the ranks agree on the
// verdict: each sends its failure message (or none) to rank 0, which prints "ok <name>" or
// "not ok <name>: rank R: <message>".  The exit status is the number of failed tests (capped).
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;
using System.Reflection;
using System.Text;

public class AssertionException : Exception
{
	public AssertionException (string message) : base (message) { }
}

public static class Assert
{
	public static void True (bool condition, string what)
	{
		if (!condition)
			throw new AssertionException ("expected true: " + what);
	}

	public static void Equal<T> (T expected, T actual, string what = "")
	{
		if (!EqualityComparer<T>.Default.Equals (expected, actual))
			throw new AssertionException (string.Format ("{0}: expected <{1}>, got <{2}>", what, expected, actual));
	}

	public static void SequenceEqual<T> (IEnumerable<T> expected, IEnumerable<T> actual, string what = "")
	{
		var e = expected.ToArray ();
		var a = actual.ToArray ();
		if (e.Length != a.Length)
			throw new AssertionException (string.Format ("{0}: expected length {1}, got {2}", what, e.Length, a.Length));
		for (int i = 0; i < e.Length; i++)
			if (!EqualityComparer<T>.Default.Equals (e[i], a[i]))
				throw new AssertionException (string.Format ("{0}: element {1}: expected <{2}>, got <{3}>", what, i, e[i], a[i]));
	}

	/// <summary>Runs <paramref name="action"/> and returns the exception it throws, which must be exactly
	/// of type <typeparamref name="TEx"/>.</summary>
	public static TEx Throws<TEx> (Action action, string what = "") where TEx : Exception
	{
		try {
			action ();
		} catch (Exception e) {
			if (e.GetType () == typeof (TEx))
				return (TEx) e;
			throw new AssertionException (string.Format ("{0}: expected {1}, got {2}: {3}", what, typeof (TEx).Name, e.GetType ().Name, e.Message));
		}
		throw new AssertionException (string.Format ("{0}: expected {1}, nothing was thrown", what, typeof (TEx).Name));
	}

	/// <summary>Runs <paramref name="action"/> and returns the exception it throws, or null: for a collective
	/// operation, whose checks must wait until every rank has taken part.</summary>
	public static Exception Caught (Action action)
	{
		try {
			action ();
		} catch (Exception e) {
			return e;
		}
		return null;
	}

	public static void Contains (string needle, string haystack, string what = "")
	{
		if (haystack == null || haystack.IndexOf (needle, StringComparison.OrdinalIgnoreCase) < 0)
			throw new AssertionException (string.Format ("{0}: expected \"{1}\" in \"{2}\"", what, needle, haystack));
	}
}

public static class TestRunner
{
	const int ResultTag = 32000;

	public static int Rank { get { return System.MP.MPI.COMM_WORLD.Get_rank (); } }
	public static int Size { get { return System.MP.MPI.COMM_WORLD.Get_size (); } }

	public static int Run (Type tests, string[] args)
	{
		// Verdicts travel on a communicator of their own, so they never meet a test's messages.
		var world = System.MP.MPI.COMM_WORLD.Dup ();
		int failed = 0;
		string only = args.Length > 0 ? args[0] : null;
		var methods = tests.GetMethods (BindingFlags.Public | BindingFlags.Static)
			.Where (m => m.GetParameters ().Length == 0 && m.ReturnType == typeof (void))
			.OrderBy (m => m.MetadataToken);
		foreach (MethodInfo m in methods) {
			if (only != null && m.Name != only)
				continue;
			string error = null;
			try {
				m.Invoke (null, null);
			} catch (TargetInvocationException e) {
				var inner = e.InnerException;
				error = inner is AssertionException ? inner.Message : inner.GetType ().FullName + ": " + inner.Message + "\n" + inner.StackTrace;
				// At once, on this rank: if another rank never reaches the verdict (it waits in a collective this
				// rank left), the run times out and this line says why.
				Console.Error.WriteLine ("# rank " + System.MP.MPI.COMM_WORLD.Get_rank () + ", " + m.Name + ": " +
					error.Replace ('\n', ' '));
				Console.Error.Flush ();
			}
			if (!Agree (world, m.Name, error))
				failed++;
		}
		return Math.Min (failed, 100);
	}

	// Rank 0 collects every rank's verdict and prints the combined one.  Returns true if all passed.
	static bool Agree (Intracomm world, string name, string error)
	{
		byte[] mine = Encoding.UTF8.GetBytes (error ?? "");
		if (world.Get_rank () != 0) {
			world.Send (new int[] { mine.Length }, 0, ResultTag);
			world.Send (mine, 0, ResultTag + 1);
			world.Barrier ();
			return error == null;
		}
		var errors = new List<string> ();
		if (error != null)
			errors.Add ("rank 0: " + error);
		for (int r = 1; r < world.Get_size (); r++) {
			var len = new int[1];
			world.Recv (len, r, ResultTag, null);
			var text = new byte[len[0]];
			world.Recv (text, r, ResultTag + 1, null);
			if (len[0] > 0)
				errors.Add ("rank " + r + ": " + Encoding.UTF8.GetString (text));
		}
		world.Barrier ();
		if (errors.Count == 0)
			Console.WriteLine ("ok " + name);
		else
			Console.WriteLine ("not ok " + name + ": " + string.Join ("; ", errors).Replace ('\n', ' '));
		Console.Out.Flush ();
		return errors.Count == 0;
	}
}

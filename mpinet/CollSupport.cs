// What the collectives of Intracommunicator and Intercommunicator share: which element types go zero-copy through
// System.MP's array collectives (primitives and structs without references), the mapping of a ReductionOperation
// onto a System.MP Op, the managed folds that reduce values of any other type, and the refusals.
//
// Refusals.  A check the facade makes before a zero-copy collective goes through System.MP's agreement
// (Coll.Refuse): the other ranks are in the same System.MP collective, which agrees first, so they raise
// InvalidOperationException naming the refusing rank.  System.MP's object collectives on an intracommunicator do
// not agree first, so a facade check before one of them is agreed on here (Agree), by every rank, with a small
// zero-copy Allreduce; only the object forms that have such a check pay for it.
using System;
using System.Collections.Generic;
using System.Reflection;
using MP = System.MP;

namespace MPI
{
	/// <summary>Whether values of <typeparamref name="T"/> travel zero-copy (System.MP's array collectives) or as
	/// object graphs (its O-collectives).</summary>
	internal static class Kind<T>
	{
		internal static readonly bool Blittable = IsBlittable (typeof (T), 0);

		static bool IsBlittable (Type t, int depth)
		{
			if (depth > 32 || !t.IsValueType || t.IsEnum || t == typeof (IntPtr) || t == typeof (UIntPtr) ||
			    (depth == 0 && Wire.SerialisedByMpiNet (t, 0)))
				return false;
			if (t.IsPrimitive)
				return true;
			if (t.IsGenericType && t.GetGenericTypeDefinition () == typeof (Nullable<>))
				return false;
			foreach (var f in t.GetFields (BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)) {
				if (f.FieldType.IsPointer || !IsBlittable (f.FieldType, depth + 1))
					return false;
			}
			return true;
		}
	}

	/// <summary>Refusals, agreement and folds shared by the collectives.</summary>
	internal static class CollSupport
	{
		/// <summary>Runs an object collective of System.MP with its serializer in serializable mode (every field
		/// not [NonSerialized] travels, as MPI.NET's BinaryFormatter sends objects) and returns its result.</summary>
		internal static R Serializable<R> (Func<R> collective)
		{
			using (System.MP.SerializableScope.Enter ())
				return collective ();
		}

		/// <summary>OBcast of <paramref name="value"/> from <paramref name="root"/> in serializable mode.</summary>
		internal static object Bcast (System.MP.Intracomm comm, object value, int root)
		{
			using (System.MP.SerializableScope.Enter ())
				return comm.OBcast (value, root);
		}

		/// <summary>OBcast on an intercommunicator (MPI's root convention) in serializable mode.</summary>
		internal static object Bcast (System.MP.Intercomm comm, object value, int root)
		{
			using (System.MP.SerializableScope.Enter ())
				return comm.OBcast (value, root);
		}

		/// <summary>Runs an object collective of System.MP whose result is not needed in serializable mode.</summary>
		internal static void Serializable (Action collective)
		{
			using (System.MP.SerializableScope.Enter ())
				collective ();
		}

		/// <summary>This rank refuses a zero-copy collective whose peers are in the same System.MP collective: takes
		/// part in its agreement and returns <paramref name="e"/> to throw.</summary>
		internal static Exception Refuse (Communicator c, Exception e)
		{
			return MP.Coll.Refuse (c.comm, e);
		}

		/// <summary>Every rank of <paramref name="c"/> (both groups of an intercommunicator) learns whether any rank
		/// refused its arguments (<paramref name="mine"/> non-null) before an object collective: the refusing rank
		/// throws its own exception, the others InvalidOperationException naming the lowest refusing rank.</summary>
		internal static void Agree (Communicator c, Exception mine, string what)
		{
			var inter = c.comm as MP.Intercomm;
			if (inter == null && c.comm.Size == 1) {
				if (mine != null)
					throw mine;
				return;
			}
			var v = new int[] { mine == null ? int.MaxValue : c.comm.Rank };
			var r = new int[1];
			string who = null;
			if (inter == null) {
				((MP.Intracomm) c.comm).Allreduce (v, r, MP.Op.MIN);
				if (r[0] != int.MaxValue)
					who = "rank " + r[0];
			} else {
				// An intercommunicator Allreduce gives each group the other group's result: the first gives the
				// remote group's lowest refusing rank, the second hands that back, giving this group's.
				var own = new int[1];
				inter.Allreduce (v, r, MP.Op.MIN);
				inter.Allreduce (r, own, MP.Op.MIN);
				if (own[0] != int.MaxValue)
					who = "rank " + own[0] + " of this group";
				else if (r[0] != int.MaxValue)
					who = "rank " + r[0] + " of the remote group";
			}
			if (mine != null)
				throw mine;
			if (who != null)
				throw new InvalidOperationException (what + ": " + who + " refused its arguments (the exception there " +
					"says why), so no rank moved any data; the communicator can be used again");
		}

		/// <summary>Displacements of consecutive blocks of <paramref name="counts"/> elements, and their sum.</summary>
		internal static int[] Displacements (int[] counts, out int total)
		{
			var d = new int[counts.Length];
			long sum = 0;
			for (int i = 0; i < counts.Length; i++) {
				d[i] = (int) sum;
				sum += counts[i];
			}
			if (sum > int.MaxValue)
				throw new ArgumentException ("the counts add up to more than Int32.MaxValue elements", "counts");
			total = (int) sum;
			return d;
		}

		/// <summary>The reason counts cannot describe one block per rank of a group of <paramref name="size"/>, or
		/// null.</summary>
		internal static Exception CheckCounts (int[] counts, int size, string name)
		{
			if (counts == null)
				return new ArgumentNullException (name, "one count per rank is needed");
			if (counts.Length != size)
				return new ArgumentException (name + ".Length (" + counts.Length + ") must equal the number of ranks (" +
					size + ")", name);
			foreach (int n in counts) {
				if (n < 0)
					return new ArgumentException (name + " has a negative count (" + n + ")", name);
			}
			return null;
		}

		/// <summary>Sum of counts, without overflow checks beyond Int64.</summary>
		internal static long Sum (int[] counts)
		{
			long s = 0;
			foreach (int n in counts)
				s += n;
			return s;
		}

		/// <summary>Folds values[0] op values[1] op ... op values[n-1], in that order.</summary>
		internal static T Fold<T> (IList<T> values, int n, ReductionOperation<T> op)
		{
			T acc = values[0];
			for (int i = 1; i < n; i++)
				acc = op (acc, values[i]);
			return acc;
		}

		/// <summary>Throws the same ArgumentException on every rank that sees <paramref name="arrays"/> when they
		/// differ in length.</summary>
		internal static void SameLengths<T> (T[][] arrays, string what)
		{
			for (int i = 1; i < arrays.Length; i++) {
				if (arrays[i].Length != arrays[0].Length)
					throw new ArgumentException (what + ": the processes passed arrays of different lengths (rank 0: " +
						arrays[0].Length + ", rank " + i + ": " + arrays[i].Length + "); pass the same length everywhere");
			}
		}

		/// <summary>Elementwise fold of the first <paramref name="n"/> arrays over [start, start+count).</summary>
		internal static T[] FoldArrays<T> (IList<T[]> arrays, int n, ReductionOperation<T> op, int start, int count, string what)
		{
			for (int i = 0; i < n; i++) {
				if (arrays[i] == null || arrays[i].Length < start + count)
					throw new ArgumentException (what + ": the ranks passed arrays of different lengths (rank " + i +
						" passed " + (arrays[i] == null ? "null" : arrays[i].Length + " elements") + ")");
			}
			var r = new T[count];
			for (int k = 0; k < count; k++) {
				T acc = arrays[0][start + k];
				for (int i = 1; i < n; i++)
					acc = op (acc, arrays[i][start + k]);
				r[k] = acc;
			}
			return r;
		}

		/// <summary>Copies <paramref name="result"/> into <paramref name="outValues"/> when that has the right length,
		/// else makes outValues the result: MPI.NET's ref forms reuse a pre-allocated array.</summary>
		internal static void Deliver<T> (T[] result, ref T[] outValues)
		{
			if (result != null && outValues != null && outValues.Length == result.Length && !ReferenceEquals (outValues, result))
				Array.Copy (result, outValues, result.Length);
			else
				outValues = result;
		}

		/// <summary>The array's element block [start, start+count) as a new array.</summary>
		internal static T[] Slice<T> (T[] a, int start, int count)
		{
			var r = new T[count];
			Array.Copy (a, start, r, 0, count);
			return r;
		}

		/// <summary>Concatenates arrays in order.</summary>
		internal static T[] Concat<T> (IList<T[]> parts)
		{
			long total = 0;
			foreach (var p in parts)
				total += p == null ? 0 : p.Length;
			var r = new T[total];
			long at = 0;
			foreach (var p in parts) {
				if (p == null)
					continue;
				Array.Copy (p, 0, r, at, p.Length);
				at += p.Length;
			}
			return r;
		}

		/// <summary>Casts the object array an O-collective returned to the element type.</summary>
		internal static T[] Cast<T> (object[] a)
		{
			if (a == null)
				return null;
			var r = new T[a.Length];
			for (int i = 0; i < a.Length; i++)
				r[i] = (T) a[i];
			return r;
		}
	}

	/// <summary>A System.MP Op for a ReductionOperation on a zero-copy type: the built-in one for Operation's
	/// predefined operators on primitives, else one made from the delegate (freed by Dispose).</summary>
	internal struct MappedOp : IDisposable
	{
		internal MP.Op Op;
		bool owned;

		internal static MappedOp Of<T> (Communicator c, ReductionOperation<T> op)
		{
			if (op == null)
				throw CollSupport.Refuse (c, new ArgumentNullException ("op", "no reduction operation (Operation<" +
					typeof (T).Name + "> has none of this kind for this type, or null was passed)"));
			var m = new MappedOp ();
			m.Op = Operation<T>.Predefined (op);
			if (m.Op != null)
				return m;
			try {
				var f = new Func<T, T, T> (op.Invoke);
				var create = typeof (MP.Op).GetMethod ("Create").MakeGenericMethod (typeof (T));
				m.Op = (MP.Op) create.Invoke (null, new object[] { f, false });
			} catch (TargetInvocationException e) {
				throw CollSupport.Refuse (c, e.InnerException);
			}
			m.owned = true;
			return m;
		}

		public void Dispose ()
		{
			if (owned)
				Op.Dispose ();
		}
	}
}

// Operation<T>: MPI.NET's predefined reduction operators as ReductionOperation<T> delegates, built once per type
// from the type's operators (primitives' own, a user type's op_Addition etc. found by System.Linq.Expressions),
// with string Add meaning concatenation.  On primitives the collectives recognise the cached delegates and use
// MPI's built-in operators (Op.SUM, ...); anything else runs the delegate.
using System;
using System.Collections.Generic;
using System.Linq.Expressions;
using MP = System.MP;

namespace MPI
{
	/// <summary>Combines two values into one in a reduction (Reduce, Allreduce, Scan, ...).  It must be
	/// associative; it need not be commutative (values are combined in rank order).</summary>
	/// <typeparam name="T">The type of the values.</typeparam>
	/// <param name="x">The left value (from the lower rank).</param>
	/// <param name="y">The right value (from the higher rank).</param>
	/// <returns>x op y.</returns>
	public delegate T ReductionOperation<T> (T x, T y);

	/// <summary>The predefined reduction operations of MPI.NET for type <typeparamref name="T"/>.  Each property is
	/// null when <typeparamref name="T"/> has no such operator.</summary>
	/// <typeparam name="T">The type of the values reduced.</typeparam>
	public class Operation<T> : IDisposable
	{
		static readonly object gate = new object ();
		static readonly Dictionary<string, ReductionOperation<T>> built = new Dictionary<string, ReductionOperation<T>> ();
		static readonly Dictionary<ReductionOperation<T>, MP.Op> predefined = new Dictionary<ReductionOperation<T>, MP.Op> ();

		ReductionOperation<T> op;

		/// <summary>Wraps a reduction operation (MPI.NET makes an MPI operator of it; here the collectives do that
		/// themselves, so this only keeps the delegate).</summary>
		/// <param name="op">The operation.</param>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		public Operation (ReductionOperation<T> op)
		{
			if (op == null)
				throw new ArgumentNullException ("op");
			this.op = op;
		}

		/// <summary>The wrapped reduction operation.</summary>
		internal ReductionOperation<T> Function {
			get { return op; }
		}

		/// <summary>Releases the operation (nothing to release here).</summary>
		public void Dispose ()
		{
		}

		/// <summary>The smaller of two values (op_LessThan, or IComparable for types without it, such as
		/// string).</summary>
		public static ReductionOperation<T> Min {
			get { return Get ("Min"); }
		}

		/// <summary>The larger of two values (op_GreaterThan, or IComparable for types without it).</summary>
		public static ReductionOperation<T> Max {
			get { return Get ("Max"); }
		}

		/// <summary>The sum (op_Addition); concatenation for strings.</summary>
		public static ReductionOperation<T> Add {
			get { return Get ("Add"); }
		}

		/// <summary>The product (op_Multiply).</summary>
		public static ReductionOperation<T> Multiply {
			get { return Get ("Multiply"); }
		}

		/// <summary>Logical and: for bool; for an integer type 1 when both values are non-zero, else 0 (MPI's LAND);
		/// for another type its op_BitwiseAnd and op_False.</summary>
		public static ReductionOperation<T> LogicalAnd {
			get { return Get ("LogicalAnd"); }
		}

		/// <summary>Logical or: for bool; for an integer type 1 when either value is non-zero, else 0 (MPI's LOR); for
		/// another type its op_BitwiseOr and op_True.</summary>
		public static ReductionOperation<T> LogicalOr {
			get { return Get ("LogicalOr"); }
		}

		/// <summary>Bitwise and (op_BitwiseAnd).</summary>
		public static ReductionOperation<T> BitwiseAnd {
			get { return Get ("BitwiseAnd"); }
		}

		/// <summary>Bitwise or (op_BitwiseOr).</summary>
		public static ReductionOperation<T> BitwiseOr {
			get { return Get ("BitwiseOr"); }
		}

		/// <summary>Exclusive or (op_ExclusiveOr); for bool, logical exclusive or.</summary>
		public static ReductionOperation<T> ExclusiveOr {
			get { return Get ("ExclusiveOr"); }
		}

		/// <summary>The built-in System.MP operator for a predefined delegate on a primitive type, or null.</summary>
		internal static MP.Op Predefined (ReductionOperation<T> op)
		{
			lock (gate) {
				MP.Op o;
				return predefined.TryGetValue (op, out o) ? o : null;
			}
		}

		static ReductionOperation<T> Get (string name)
		{
			lock (gate) {
				ReductionOperation<T> d;
				if (built.TryGetValue (name, out d))
					return d;
				d = Build (name);
				built[name] = d;
				if (d != null) {
					MP.Op p = BuiltIn (name);
					if (p != null)
						predefined[d] = p;
				}
				return d;
			}
		}

		static MP.Op BuiltIn (string name)
		{
			Type t = typeof (T);
			// The built-in operators' groups come from System.MP's element types (native-mpi/datatypes.def).  char
			// is an integer there, but MPI.NET treats it as a character, not a number: it has no built-in
			// arithmetic or bitwise operator.
			string g = t == typeof (char) ? null : MP.Datatypes.ReductionGroup (t);
			bool num = g == "INTEGER" || g == "FLOAT", integral = g == "INTEGER";
			switch (name) {
			case "Add": return num ? MP.Op.SUM : null;
			case "Multiply": return num ? MP.Op.PROD : null;
			case "Min": return num ? MP.Op.MIN : null;
			case "Max": return num ? MP.Op.MAX : null;
			case "LogicalAnd": return g == "LOGICAL" || integral ? MP.Op.LAND : null;
			case "LogicalOr": return g == "LOGICAL" || integral ? MP.Op.LOR : null;
			case "ExclusiveOr": return g == "LOGICAL" ? MP.Op.LXOR : integral ? MP.Op.BXOR : null;
			case "BitwiseAnd": return integral ? MP.Op.BAND : null;
			case "BitwiseOr": return integral ? MP.Op.BOR : null;
			}
			return null;
		}

		// Types C# widens to int before arithmetic: Expression has no operators on them.
		static bool Narrow (Type t)
		{
			return t == typeof (sbyte) || t == typeof (byte) || t == typeof (short) || t == typeof (ushort) || t == typeof (char);
		}

		// Logical and/or: on bool itself; on an integer type 1 when both (either) are non-zero, else 0, as MPI's LAND
		// and LOR compute it (MPI.NET maps them to those for integer types).
		static Expression Logical (Expression a, Expression b, bool and)
		{
			if (a.Type == typeof (bool))
				return and ? Expression.AndAlso (a, b) : Expression.OrElse (a, b);
			if (typeof (T) == typeof (char) || MP.Datatypes.ReductionGroup (typeof (T)) != "INTEGER")
				return and ? Expression.AndAlso (a, b) : Expression.OrElse (a, b); // user types: their operators
			Expression zero = Expression.Constant (Convert.ChangeType (0, a.Type), a.Type);
			Expression p = Expression.NotEqual (a, zero), q = Expression.NotEqual (b, zero);
			return Expression.Condition (and ? Expression.AndAlso (p, q) : Expression.OrElse (p, q),
			                             Expression.Constant (Convert.ChangeType (1, a.Type), a.Type), zero);
		}

		static ReductionOperation<T> Build (string name)
		{
			Type t = typeof (T);
			if (t == typeof (string)) {
				if (name == "Add")
					return (ReductionOperation<T>) (object) new ReductionOperation<string> (string.Concat);
				if (name == "Min")
					return (ReductionOperation<T>) (object) new ReductionOperation<string> ((p, q) => string.CompareOrdinal (p, q) <= 0 ? p : q);
				if (name == "Max")
					return (ReductionOperation<T>) (object) new ReductionOperation<string> ((p, q) => string.CompareOrdinal (p, q) >= 0 ? p : q);
				return null;
			}
			var x = Expression.Parameter (t, "x");
			var y = Expression.Parameter (t, "y");
			Expression a = x, b = y;
			if (Narrow (t)) {
				a = Expression.Convert (x, typeof (int));
				b = Expression.Convert (y, typeof (int));
			}
			Expression body;
			try {
				switch (name) {
				case "Add": body = Expression.Add (a, b); break;
				case "Multiply": body = Expression.Multiply (a, b); break;
				case "Min": body = Expression.Condition (Expression.LessThan (a, b), x, y); break;
				case "Max": body = Expression.Condition (Expression.GreaterThan (a, b), x, y); break;
				case "LogicalAnd": body = Logical (a, b, true); break;
				case "LogicalOr": body = Logical (a, b, false); break;
				case "BitwiseAnd": body = Expression.And (a, b); break;
				case "BitwiseOr": body = Expression.Or (a, b); break;
				case "ExclusiveOr": body = Expression.ExclusiveOr (a, b); break;
				default: return null;
				}
			} catch (InvalidOperationException) {
				body = null;
			} catch (ArgumentException) {
				body = null;
			}
			if (body == null) {
				if ((name == "Min" || name == "Max") && (typeof (IComparable<T>).IsAssignableFrom (t) || typeof (IComparable).IsAssignableFrom (t))) {
					var cmp = Comparer<T>.Default;
					if (name == "Min")
						return (p, q) => cmp.Compare (p, q) <= 0 ? p : q;
					return (p, q) => cmp.Compare (p, q) >= 0 ? p : q;
				}
				return null;
			}
			if (body.Type != t)
				body = Expression.Convert (body, t);
			return Expression.Lambda<ReductionOperation<T>> (body, x, y).Compile ();
		}
	}
}

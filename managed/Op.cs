// Op: reduction operators -- MPI's built-in ones and user-defined ones written in C#.
//
// A user-defined operator is element-wise: Op.Create<T>(f, commute) reduces buffers of T (a primitive type or a
// struct without references) with inout[i] = f(in[i], inout[i]), where `in` holds the contribution of the lower
// ranks: for a non-commutative f the result is x0 ∘ x1 ∘ ... ∘ x(n-1) in rank order, as MPI defines.  The MPI
// library calls it through a C entry point of its own (native-mpi/op.c) on any thread it chooses, once per
// chunk of elements; Dispatch then runs f over the chunk in place.
//
// Exceptions.  MPI gives a user function no way to report an error, so an exception thrown by f is caught here,
// the rest of that collective's calls of f on this rank are skipped, the collective completes, and then it
// throws the original exception (with its stack trace) on this rank.  Other ranks see the collective complete
// normally, with partial results wherever this rank's reduction fed into theirs.
//
// Instances.  MPI's user function is told nothing of the call it serves, so each reduction that runs takes an
// instance of the operator for its duration (Take, given back by Reduced): an entry point and MPI_Op of its own,
// whose context is the instance.  An exception is kept with the instance, so reductions with one operator on
// several threads at once (or several non-blocking ones) neither skip each other's calls nor report each
// other's exceptions.  Most programs only ever use the operator's first instance.
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;
using System.Threading;

namespace System.MP
{
	/// <summary>A reduction operator for Reduce, Allreduce, Scan, Exscan, Reduce_scatter_block and
	/// <see cref="Reduce_local"/>: one of MPI's built-in operators (<see cref="SUM"/>, <see cref="MAX"/>, ...) or a
	/// user-defined one written in C# (<see cref="Create{T}"/>).  Operators work element by element; C# char counts as
	/// an integer type, bool as a logical one, and no built-in operator is defined on structs.</summary>
	/// <remarks>MPI gives a user-defined function no way to report an error, so an exception it throws is caught, the
	/// rest of that collective's calls of the function on this rank are skipped, the collective completes, and then
	/// the original exception is rethrown on this rank.  Other ranks see the collective complete normally, with partial
	/// results wherever this rank's reduction fed into theirs.  Each reduction keeps its own exception: reductions with
	/// one operator on several threads at once, or several non-blocking ones in flight, do not affect each
	/// other.</remarks>
	public sealed class Op : IDisposable
	{
		// Handles of the built-in operators: native-mpi's enum motor_op.
		/// <summary>Sum (MPI_SUM), on integer and floating-point types.</summary>
		public static readonly Op SUM = new Op (0, "SUM");
		/// <summary>Product (MPI_PROD), on integer and floating-point types.</summary>
		public static readonly Op PROD = new Op (1, "PROD");
		/// <summary>Minimum (MPI_MIN), on integer and floating-point types.</summary>
		public static readonly Op MIN = new Op (2, "MIN");
		/// <summary>Maximum (MPI_MAX), on integer and floating-point types.</summary>
		public static readonly Op MAX = new Op (3, "MAX");
		/// <summary>Logical and (MPI_LAND), on integer types and bool.</summary>
		public static readonly Op LAND = new Op (4, "LAND");
		/// <summary>Logical or (MPI_LOR), on integer types and bool.</summary>
		public static readonly Op LOR = new Op (5, "LOR");
		/// <summary>Logical exclusive or (MPI_LXOR), on integer types and bool.</summary>
		public static readonly Op LXOR = new Op (6, "LXOR");
		/// <summary>Bitwise and (MPI_BAND), on integer types.</summary>
		public static readonly Op BAND = new Op (7, "BAND");
		/// <summary>Bitwise or (MPI_BOR), on integer types.</summary>
		public static readonly Op BOR = new Op (8, "BOR");
		/// <summary>Bitwise exclusive or (MPI_BXOR), on integer types.</summary>
		public static readonly Op BXOR = new Op (9, "BXOR");

		internal int handle;        // read once per call; -1 once freed (Interlocked.Exchange)
		readonly string name;
		readonly Type elementType;   // null for the built-in operators
		readonly bool commute;
		readonly Reducer reducer;
		readonly Stack<Instance> idle;  // the instances no reduction is using (under its own lock)

		// Also the one-sided-only operators of Win (Win.REPLACE, Win.NO_OP: negative handles, rmaOnly).
		internal Op (int handle, string name)
		{
			this.handle = handle;
			this.name = name;
			commute = true;
		}

		Op (Type elementType, Reducer reducer, bool commute)
		{
			this.elementType = elementType;
			this.reducer = reducer;
			this.commute = commute;
			name = "user-defined operator on " + elementType.FullName;
			handle = -1;
			idle = new Stack<Instance> ();
		}

		/// <summary>One MPI-level instance of a user-defined operator (see the top of this file).</summary>
		internal sealed class Instance
		{
			internal readonly Op op;
			internal int handle = -1;      // the runtime's handle of its MPI_Op; -1 once released
			GCHandle self;                  // weak: the context of its entry point
			internal Exception pending;     // the first exception the function threw in the current reduction

			Instance (Op op)
			{
				this.op = op;
			}

			/// <summary>A new instance of <paramref name="op"/>, or the code of the runtime's refusal.</summary>
			internal static int Make (Op op, out Instance made)
			{
				var u = new Instance (op);
				u.self = GCHandle.Alloc (u, GCHandleType.Weak);
				int rc = MPDirect.OpCreate (op.elementType, op.commute ? 1 : 0, dispatchAddress, GCHandle.ToIntPtr (u.self),
				                            out u.handle);
				if (rc != 0) {
					u.handle = -1;
					u.self.Free ();
					GC.SuppressFinalize (u);
					made = null;
					return rc;
				}
				made = u;
				return 0;
			}

			// An instance a reduction took and never gave back (a non-blocking collective whose request was dropped)
			// is released once the collective is over and its request is garbage.
			~Instance ()
			{
				Release ();
			}

			internal void Release ()
			{
				int h = Interlocked.Exchange (ref handle, -1);
				if (h < 0)
					return;
				MPDirect.OpFree (h); // fails only after MPI.Finalize, which has released it already
				self.Free ();
			}
		}

		/// <summary>A user-defined operator that reduces buffers of <typeparamref name="T"/> element by element
		/// with <paramref name="function"/>(in, inout).  <paramref name="commute"/> says whether the function
		/// is commutative; MPI may then reorder operands.  Free it (or Dispose) when done; operators still
		/// alive at exit are released then, and one that becomes unreachable is released by its finalizer.
		/// </summary>
		/// <typeparam name="T">The element type: a primitive type or a struct without references.</typeparam>
		/// <param name="function">Returns the combination of its arguments (in, inout), where in holds the lower ranks'
		/// contribution.  It may run on any thread the MPI library chooses, once per chunk of elements.</param>
		/// <param name="commute">Whether <paramref name="function"/> is commutative.</param>
		/// <returns>The operator.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="function"/> is null.</exception>
		/// <exception cref="ArgumentException"><typeparamref name="T"/> is not a primitive type or a struct without
		/// references.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's operator table is full.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public static Op Create<T> (Func<T, T, T> function, bool commute) where T : struct
		{
			if (function == null)
				throw new ArgumentNullException ("function");
			var op = new Op (typeof (T), new Reducer<T> (function), commute);
			// The first instance; its handle is the operator's.  The instances' entry points hold them by weak
			// handles: an operator nobody holds any more is finalized and freed with its instances.
			Instance first;
			int rc = Instance.Make (op, out first);
			if (rc != 0) {
				GC.SuppressFinalize (op);
				if (rc == Errors.EBUFTYPE)
					throw new ArgumentException (typeof (T).FullName + " cannot be the element type of a reduction: only " +
						"primitive types and structs without references can be reduced", "T");
				throw Errors.Make (rc, null, null, 0, 0, null);
			}
			op.idle.Push (first);
			op.handle = first.handle;
			return op;
		}

		internal bool IsUser { get { return elementType != null; } }

		/// <summary>Whether the operator is commutative (always true for the built-in ones).</summary>
		/// <returns>The commute argument of <see cref="Create{T}"/>; true for the built-in operators.</returns>
		public bool Is_commutative ()
		{
			return commute;
		}

		/// <summary>The operator's name, such as "Op.SUM" or "Op.user-defined operator on System.Double".</summary>
		/// <returns>The name.</returns>
		public override string ToString ()
		{
			return "Op." + name;
		}

		/// <summary>Frees a user-defined operator.  Using it afterwards raises ObjectDisposedException; freeing
		/// it twice does nothing.  The built-in operators cannot be freed (InvalidOperationException).</summary>
		/// <exception cref="InvalidOperationException">The operator is a built-in one.</exception>
		public void Free ()
		{
			if (elementType == null)
				throw new InvalidOperationException ("the built-in operator " + this + " cannot be freed");
			Release ();
			GC.SuppressFinalize (this);
		}

		/// <summary>The same as <see cref="Free"/>, for <c>using</c> statements.</summary>
		/// <exception cref="InvalidOperationException">The operator is a built-in one.</exception>
		public void Dispose ()
		{
			Free ();
		}

		/// <summary>Releases a user-defined operator that became unreachable without <see cref="Free"/>.</summary>
		~Op ()
		{
			if (elementType != null)
				Release ();
		}

		// Releases the idle instances; one a reduction is using is released when it is given back (Give).
		void Release ()
		{
			if (Interlocked.Exchange (ref handle, -1) < 0)
				return;
			lock (idle) {
				foreach (Instance u in idle) {
					u.Release ();
					GC.SuppressFinalize (u);
				}
				idle.Clear ();
			}
		}

		/// <summary>inoutbuf[i] = inbuf[i] op inoutbuf[i] on this rank, without communication
		/// (MPI_Reduce_local).</summary>
		/// <param name="inbuf">The left operands: an array of a primitive type or of structs without
		/// references.</param>
		/// <param name="inoutbuf">The right operands, replaced by the results: an array of the same element type and
		/// length as <paramref name="inbuf"/>, and not the same array.</param>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">A buffer cannot be an MPI buffer, the buffers have different element
		/// types or lengths or are the same array, or the operator is not defined for their element type.</exception>
		/// <exception cref="ObjectDisposedException">The operator has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined operator's function threw.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Reduce_local (Array inbuf, Array inoutbuf)
		{
			Instance u;
			int h = Coll.Handle (null, this, inoutbuf, out u);
			Reduced (MPDirect.ReduceLocal (inbuf, inoutbuf, h), u, inbuf, inoutbuf, "Reduce_local",
			         "inbuf and inoutbuf must have the same length");
		}

		// ---- what the collectives use ----------------------------------------------------------------

		/// <summary>The handle to pass to an internal call that reduces <paramref name="buf"/>.</summary>
		internal int Handle (Array buf)
		{
			if (handle <= Win.RmaOnlyHandle)
				throw new ArgumentException (name + " is only for one-sided accumulations (Win.Accumulate, " +
					"Get_accumulate, Fetch_and_op); use a reduction operator here", "op");
			int h = handle;
			if (h < 0)
				throw new ObjectDisposedException ("Op", "the operator has been freed");
			// A user-defined operator reduces its own type only: the runtime tells element types apart by size,
			// which two structs can share.
			if (elementType != null && buf != null && !ReferenceEquals (buf, MPI.IN_PLACE) &&
			    buf.GetType ().GetElementType () != elementType)
				throw new ArgumentException (TypeRefusal (buf), "op");
			return h;
		}

		/// <summary>An instance of this user-defined operator for a reduction about to start (null for a built-in
		/// operator): an idle one, or a new one.</summary>
		/// <exception cref="OutOfMemoryException">The runtime's operator table is full.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		internal Instance Take ()
		{
			if (elementType == null)
				return null;
			lock (idle) {
				if (idle.Count > 0)
					return idle.Pop ();
			}
			Instance u;
			int rc = Instance.Make (this, out u);
			if (rc != 0)
				throw Errors.Make (rc, null, null, 0, 0, null);
			return u;
		}

		// Gives back an instance whose reduction is over: idle again, or released if the operator has been freed.
		void Give (Instance u)
		{
			u.pending = null;
			lock (idle) {
				if (handle >= 0) {
					idle.Push (u);
					return;
				}
			}
			u.Release ();
			GC.SuppressFinalize (u);
		}

		/// <summary>After a reduction with this operator on instance <paramref name="use"/> (null for a built-in
		/// operator, or when it has been given back already): gives the instance back, rethrows what the function
		/// threw in this reduction, then turns a non-zero code into an exception.</summary>
		internal void Reduced (int rc, Instance use, Array sendbuf, Array recvbuf, string what, string sizeRule)
		{
			if (use != null) {
				Exception e = use.pending;
				Give (use);
				if (e != null)
					ExceptionDispatchInfo.Capture (e).Throw ();
			}
			if (rc != 0)
				throw Coll.Error (rc, what, sizeRule, sendbuf ?? recvbuf, this);
		}

		/// <summary>The message for an operator refused for a buffer's element type.</summary>
		internal string TypeRefusal (object buf)
		{
			Type t = buf is Array ? buf.GetType ().GetElementType () : null;
			string tn = t == null ? "this buffer" : t.FullName;
			if (elementType != null)
				return "the " + name + " cannot reduce elements of " + tn;
			return "MPI does not define " + this + " on " + tn +
				" (SUM PROD MIN MAX: integer and floating-point types; LAND LOR LXOR: integer types and bool; " +
				"BAND BOR BXOR: integer types; none on structs: use Op.Create)";
		}

		// ---- calls from the MPI library ----------------------------------------------------------------

		delegate void UserFunction (IntPtr ctx, IntPtr invec, IntPtr inoutvec, int len);

		// Kept in a static field: the native entry points call through this delegate's address for the life of
		// the process.
		static readonly UserFunction dispatch = Dispatch;
		static readonly IntPtr dispatchAddress = Marshal.GetFunctionPointerForDelegate (dispatch);

		static void Dispatch (IntPtr ctx, IntPtr invec, IntPtr inoutvec, int len)
		{
			Instance u = null;
			try {
				u = (Instance) GCHandle.FromIntPtr (ctx).Target;
				if (u == null || u.pending != null)
					return;
				u.op.reducer.Apply (invec, inoutvec, len);
			} catch (Exception e) {
				if (u != null)
					Interlocked.CompareExchange (ref u.pending, e, null);
			}
		}

		abstract class Reducer
		{
			internal abstract void Apply (IntPtr invec, IntPtr inoutvec, int len);
		}

		// Runs f over a chunk.  Calling f through its delegate costs Mono about 4-7 ns per element (a static
		// method, such as a lambda that captures nothing, goes through an argument-shuffling thunk), several
		// times the reduction itself.  So when f is one plain method, the loop is emitted as IL that calls that
		// method directly, which the JIT may inline: about 1 ns per element for a SUM on double, like a loop
		// written by hand.  Anything else (a multicast delegate, a method on a struct, a delegate bound to its
		// first argument) keeps the delegate call.
		sealed unsafe class Reducer<T> : Reducer where T : struct
		{
			delegate void Loop (object target, IntPtr invec, IntPtr inoutvec, int len);

			readonly Func<T, T, T> f;
			readonly Loop loop;      // null: call f through the delegate
			readonly object target;

			// The loops emitted so far, one per method, kept for the life of the process.  Mono never gives back
			// all the native memory of a DynamicMethod, even once it is collected (about 0.9 KB each), so a
			// program that creates and frees operators in a loop would grow without bound if every Create
			// emitted its own.  A program has finitely many methods, so the cache is bounded; methods that are
			// themselves dynamic are not cached (nor emitted for): they could be made without bound.
			static readonly Dictionary<MethodInfo, Loop> loops = new Dictionary<MethodInfo, Loop> ();

			internal Reducer (Func<T, T, T> f)
			{
				this.f = f;
				target = f.Target;
				MethodInfo m = f.Method;
				if (m is DynamicMethod || m.DeclaringType == null || !Direct (f))
					return;
				lock (loops) {
					if (loops.TryGetValue (m, out loop))
						return;
				}
				try {
					loop = Emit (m);
				} catch (Exception) {
					loop = null; // no Reflection.Emit here: the delegate loop does the same work
				}
				lock (loops) {
					Loop known;
					if (loops.TryGetValue (m, out known))
						loop = known;
					else
						loops[m] = loop;
				}
			}

			// Whether f is one plain method that an emitted loop can call directly with f.Target.
			static bool Direct (Func<T, T, T> f)
			{
				MethodInfo m = f.Method;
				ParameterInfo[] ps = m.GetParameters ();
				if (f.GetInvocationList ().Length != 1 || ps.Length != 2 || m.ReturnType != typeof (T) ||
				    ps[0].ParameterType != typeof (T) || ps[1].ParameterType != typeof (T))
					return false;
				return m.IsStatic ? f.Target == null : (f.Target != null && !m.DeclaringType.IsValueType);
			}

			// The loop for method m, which Direct has accepted.
			static Loop Emit (MethodInfo m)
			{
				var dm = new DynamicMethod ("MotorReduce", null,
					new[] { typeof (object), typeof (IntPtr), typeof (IntPtr), typeof (int) }, typeof (Op).Module, true);
				ILGenerator il = dm.GetILGenerator ();
				LocalBuilder i = il.DeclareLocal (typeof (int)), a = il.DeclareLocal (typeof (byte*)),
					b = il.DeclareLocal (typeof (byte*));
				Label body = il.DefineLabel (), test = il.DefineLabel ();
				// a = invec; b = inoutvec; for (i = 0; i < len; i++, a += sizeof (T), b += sizeof (T)) *b = f (*a, *b);
				il.Emit (OpCodes.Ldarg_1);
				il.Emit (OpCodes.Stloc, a);
				il.Emit (OpCodes.Ldarg_2);
				il.Emit (OpCodes.Stloc, b);
				il.Emit (OpCodes.Ldc_I4_0);
				il.Emit (OpCodes.Stloc, i);
				il.Emit (OpCodes.Br, test);
				il.MarkLabel (body);
				il.Emit (OpCodes.Ldloc, b);
				if (!m.IsStatic) {
					il.Emit (OpCodes.Ldarg_0);
					il.Emit (OpCodes.Castclass, m.DeclaringType);
				}
				il.Emit (OpCodes.Ldloc, a);
				il.Emit (OpCodes.Ldobj, typeof (T));
				il.Emit (OpCodes.Ldloc, b);
				il.Emit (OpCodes.Ldobj, typeof (T));
				il.Emit (m.IsStatic ? OpCodes.Call : OpCodes.Callvirt, m);
				il.Emit (OpCodes.Stobj, typeof (T));
				Advance (il, a);
				Advance (il, b);
				il.Emit (OpCodes.Ldloc, i);
				il.Emit (OpCodes.Ldc_I4_1);
				il.Emit (OpCodes.Add);
				il.Emit (OpCodes.Stloc, i);
				il.MarkLabel (test);
				il.Emit (OpCodes.Ldloc, i);
				il.Emit (OpCodes.Ldarg_3);
				il.Emit (OpCodes.Blt, body);
				il.Emit (OpCodes.Ret);
				return (Loop) dm.CreateDelegate (typeof (Loop));
			}

			static void Advance (ILGenerator il, LocalBuilder p)
			{
				il.Emit (OpCodes.Ldloc, p);
				il.Emit (OpCodes.Sizeof, typeof (T));
				il.Emit (OpCodes.Add);
				il.Emit (OpCodes.Stloc, p);
			}

			internal override void Apply (IntPtr invec, IntPtr inoutvec, int len)
			{
				if (loop != null) {
					loop (target, invec, inoutvec, len);
					return;
				}
				var a = new Span<T> ((void*) invec, len);
				var b = new Span<T> ((void*) inoutvec, len);
				for (int i = 0; i < len; i++)
					b[i] = f (a[i], b[i]);
			}
		}
	}
}

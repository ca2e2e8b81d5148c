// Intracommunicator's reductions: Reduce, Allreduce, Scan, ExclusiveScan and ReduceScatter.  On primitives and
// structs without references they run System.MP's zero-copy reductions with the mapped operator (MappedOp: MPI's
// built-in one for Operation<T>'s predefined operators on primitives, else Op.Create over the delegate).  On any
// other type the values are gathered (OGather, OAllgather, OAlltoall) and folded here in rank order, as MPI.NET
// does; ReduceScatter on such types too, which MPI.NET 1.4 leaves unimplemented.
using System;
using MP = System.MP;

namespace MPI
{
	public partial class Intracommunicator
	{
		// ---- Reduce -------------------------------------------------------------------------------------

		/// <summary>Combines every process's value with <paramref name="op"/> (value0 op value1 op ...) at the
		/// root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value.</param>
		/// <param name="op">The associative operation, e.g. <see cref="Operation{T}.Add"/>.</param>
		/// <param name="root">The rank that receives the result.</param>
		/// <returns>At the root, the result; default(T) elsewhere.</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Reduce<T> (T value, ReductionOperation<T> op, int root)
		{
			if (Kind<T>.Blittable) {
				var res = new T[1];
				using (var m = MappedOp.Of (this, op))
					Intra.Reduce (new T[] { value }, Rank == root ? res : null, m.Op, root);
				return res[0];
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : null, "Reduce");
			var all = (T[]) CollSupport.Serializable (() => Intra.OGather (new T[] { value }, root));
			return Rank == root ? CollSupport.Fold (all, all.Length, op) : default (T);
		}

		/// <summary>Combines every process's array elementwise with <paramref name="op"/> at the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="root">The rank that receives the result.</param>
		/// <returns>At the root, the elementwise result; null elsewhere.</returns>
		/// <exception cref="ArgumentNullException">op or values is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Reduce<T> (T[] values, ReductionOperation<T> op, int root)
		{
			T[] result = null;
			Reduce (values, op, root, ref result);
			return result;
		}

		/// <summary>As <see cref="Reduce{T}(T[], ReductionOperation{T}, int)"/>, into <paramref name="outValues"/>
		/// at the root when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="root">The rank that receives the result.</param>
		/// <param name="outValues">At the root, receives the result; unchanged elsewhere.</param>
		/// <exception cref="ArgumentNullException">op or inValues is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Reduce<T> (T[] inValues, ReductionOperation<T> op, int root, ref T[] outValues)
		{
			bool isRoot = Rank == root;
			if (Kind<T>.Blittable) {
				if (inValues == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("inValues"));
				if (isRoot && (outValues == null || outValues.Length != inValues.Length))
					outValues = new T[inValues.Length];
				using (var m = MappedOp.Of (this, op))
					Intra.Reduce (inValues, isRoot ? outValues : null, m.Op, root);
				return;
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : inValues == null ?
				new ArgumentNullException ("inValues") : null, "Reduce");
			var all = (T[][]) CollSupport.Serializable (() => Intra.OGather (new T[][] { inValues }, root));
			if (isRoot)
				CollSupport.Deliver (CollSupport.FoldArrays (all, all.Length, op, 0, inValues.Length, "Reduce"), ref outValues);
		}

		// ---- Allreduce ----------------------------------------------------------------------------------

		/// <summary>Combines every process's value with <paramref name="op"/>; every process receives the
		/// result.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>value0 op value1 op ... op value(Size-1).</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Allreduce<T> (T value, ReductionOperation<T> op)
		{
			if (Kind<T>.Blittable) {
				var res = new T[1];
				using (var m = MappedOp.Of (this, op))
					Intra.Allreduce (new T[] { value }, res, m.Op);
				return res[0];
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : null, "Allreduce");
			var all = (T[]) CollSupport.Serializable (() => Intra.OAllgather (new T[] { value }));
			return CollSupport.Fold (all, all.Length, op);
		}

		/// <summary>Combines every process's array elementwise; every process receives the result.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The elementwise result.</returns>
		/// <exception cref="ArgumentNullException">op or values is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Allreduce<T> (T[] values, ReductionOperation<T> op)
		{
			T[] result = null;
			Allreduce (values, op, ref result);
			return result;
		}

		/// <summary>As <see cref="Allreduce{T}(T[], ReductionOperation{T})"/>, into <paramref name="outValues"/>
		/// when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="outValues">Receives the elementwise result.</param>
		/// <exception cref="ArgumentNullException">op or inValues is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Allreduce<T> (T[] inValues, ReductionOperation<T> op, ref T[] outValues)
		{
			if (Kind<T>.Blittable) {
				if (inValues == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("inValues"));
				if (outValues == null || outValues.Length != inValues.Length || ReferenceEquals (outValues, inValues))
					outValues = new T[inValues.Length];
				using (var m = MappedOp.Of (this, op))
					Intra.Allreduce (inValues, outValues, m.Op);
				return;
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : inValues == null ?
				new ArgumentNullException ("inValues") : null, "Allreduce");
			var all = (T[][]) CollSupport.Serializable (() => Intra.OAllgather (new T[][] { inValues }));
			CollSupport.SameLengths (all, "Allreduce");
			CollSupport.Deliver (CollSupport.FoldArrays (all, all.Length, op, 0, inValues.Length, "Allreduce"), ref outValues);
		}

		// ---- Scan and ExclusiveScan ---------------------------------------------------------------------

		/// <summary>Inclusive prefix reduction: process P receives value0 op ... op valueP.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The reduction of the values of ranks 0..Rank.</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Scan<T> (T value, ReductionOperation<T> op)
		{
			return ScanOne (value, op, false);
		}

		/// <summary>Elementwise inclusive prefix reduction of arrays.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The elementwise reduction of the arrays of ranks 0..Rank.</returns>
		/// <exception cref="ArgumentNullException">op or values is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Scan<T> (T[] values, ReductionOperation<T> op)
		{
			T[] result = null;
			Scan (values, op, ref result);
			return result;
		}

		/// <summary>As <see cref="Scan{T}(T[], ReductionOperation{T})"/>, into <paramref name="outValues"/> when
		/// it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="outValues">Receives the result.</param>
		/// <exception cref="ArgumentNullException">op or inValues is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Scan<T> (T[] inValues, ReductionOperation<T> op, ref T[] outValues)
		{
			ScanArray (inValues, op, ref outValues, false);
		}

		/// <summary>Exclusive prefix reduction: process P &gt; 0 receives value0 op ... op value(P-1); rank 0
		/// receives default(T).</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The reduction of the values of ranks 0..Rank-1; default(T) at rank 0.</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T ExclusiveScan<T> (T value, ReductionOperation<T> op)
		{
			return ScanOne (value, op, true);
		}

		/// <summary>Elementwise exclusive prefix reduction of arrays; rank 0 receives null, as in MPI.NET.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The elementwise reduction of the arrays of ranks 0..Rank-1; null at rank 0.</returns>
		/// <exception cref="ArgumentNullException">op or values is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] ExclusiveScan<T> (T[] values, ReductionOperation<T> op)
		{
			T[] result = null;
			ExclusiveScan (values, op, ref result);
			return result;
		}

		/// <summary>As <see cref="ExclusiveScan{T}(T[], ReductionOperation{T})"/>, into <paramref
		/// name="outValues"/> when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values; the same length on every process.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="outValues">Receives the result; set to null at rank 0, as in MPI.NET.</param>
		/// <exception cref="ArgumentNullException">op or inValues is null.</exception>
		/// <exception cref="ArgumentException">The processes passed arrays of different lengths.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ExclusiveScan<T> (T[] inValues, ReductionOperation<T> op, ref T[] outValues)
		{
			ScanArray (inValues, op, ref outValues, true);
		}

		T ScanOne<T> (T value, ReductionOperation<T> op, bool exclusive)
		{
			string what = exclusive ? "ExclusiveScan" : "Scan";
			int me = Rank;
			if (Kind<T>.Blittable) {
				var res = new T[1];
				using (var m = MappedOp.Of (this, op)) {
					if (exclusive)
						Intra.Exscan (new T[] { value }, res, m.Op);
					else
						Intra.Scan (new T[] { value }, res, m.Op);
				}
				return exclusive && me == 0 ? default (T) : res[0];
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : null, what);
			var all = (T[]) CollSupport.Serializable (() => Intra.OAllgather (new T[] { value }));
			int upto = exclusive ? me : me + 1;
			return upto == 0 ? default (T) : CollSupport.Fold (all, upto, op);
		}

		void ScanArray<T> (T[] inValues, ReductionOperation<T> op, ref T[] outValues, bool exclusive)
		{
			string what = exclusive ? "ExclusiveScan" : "Scan";
			int me = Rank;
			if (Kind<T>.Blittable) {
				if (inValues == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("inValues"));
				if (outValues == null || outValues.Length != inValues.Length || ReferenceEquals (outValues, inValues))
					outValues = new T[inValues.Length];
				using (var m = MappedOp.Of (this, op)) {
					if (exclusive)
						Intra.Exscan (inValues, outValues, m.Op);
					else
						Intra.Scan (inValues, outValues, m.Op);
				}
				if (exclusive && me == 0)
					outValues = null; // MPI.NET: rank 0 receives a null array (MPI leaves its buffer undefined)
				return;
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : inValues == null ?
				new ArgumentNullException ("inValues") : null, what);
			var all = (T[][]) CollSupport.Serializable (() => Intra.OAllgather (new T[][] { inValues }));
			int upto = exclusive ? me : me + 1;
			CollSupport.SameLengths (all, what); // every rank sees every array, so every rank raises alike
			if (exclusive && me == 0) {
				outValues = null; // MPI.NET: rank 0 receives a null array
				return;
			}
			CollSupport.Deliver (CollSupport.FoldArrays (all, upto, op, 0, inValues.Length, what), ref outValues);
		}

		// ---- ReduceScatter ------------------------------------------------------------------------------

		/// <summary>Combines every process's array elementwise, then scatters the result: process i receives the
		/// counts[i] elements after the first counts[0] + ... + counts[i-1].</summary>
		/// <typeparam name="T">Any type that can travel (strings and other objects included, unlike MPI.NET
		/// 1.4).</typeparam>
		/// <param name="values">This process's values: the sum of counts of them.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="counts">How many result elements each process receives; the same on every process.</param>
		/// <returns>This process's counts[Rank] elements of the result.</returns>
		/// <exception cref="ArgumentNullException">op, values or counts is null.</exception>
		/// <exception cref="ArgumentException">counts does not have one entry per process, or values does not hold
		/// their sum.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] ReduceScatter<T> (T[] values, ReductionOperation<T> op, int[] counts)
		{
			T[] result = null;
			ReduceScatter (values, op, counts, ref result);
			return result;
		}

		/// <summary>As <see cref="ReduceScatter{T}(T[], ReductionOperation{T}, int[])"/>, into <paramref
		/// name="outValues"/> when it has counts[Rank] elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: the sum of counts of them.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="counts">How many result elements each process receives; the same on every process.</param>
		/// <param name="outValues">Receives this process's part of the result.</param>
		/// <exception cref="ArgumentNullException">op, inValues or counts is null.</exception>
		/// <exception cref="ArgumentException">counts does not have one entry per process, or inValues does not hold
		/// their sum.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ReduceScatter<T> (T[] inValues, ReductionOperation<T> op, int[] counts, ref T[] outValues)
		{
			int n = Size, me = Rank;
			Exception bad = CollSupport.CheckCounts (counts, n, "counts");
			if (bad == null && inValues == null)
				bad = new ArgumentNullException ("inValues");
			if (bad == null && inValues.Length != CollSupport.Sum (counts))
				bad = new ArgumentException ("ReduceScatter: inValues holds " + inValues.Length + " values; it must hold the " +
					"sum of counts (" + CollSupport.Sum (counts) + ")", "inValues");
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				if (outValues == null || outValues.Length != counts[me])
					outValues = new T[counts[me]];
				using (var m = MappedOp.Of (this, op))
					Intra.Reduce_scatter (inValues, outValues, counts, m.Op);
				return;
			}
			if (bad == null && op == null)
				bad = new ArgumentNullException ("op");
			CollSupport.Agree (this, bad, "ReduceScatter");
			// Block j of every process goes to process j, which folds the blocks it receives in rank order.
			int total;
			int[] displs = CollSupport.Displacements (counts, out total);
			var blocks = new T[n][];
			for (int j = 0; j < n; j++)
				blocks[j] = CollSupport.Slice (inValues, displs[j], counts[j]);
			var got = (T[][]) CollSupport.Serializable (() => Intra.OAlltoall (blocks));
			CollSupport.Deliver (CollSupport.FoldArrays (got, n, op, 0, counts[me], "ReduceScatter"), ref outValues);
		}
	}
}

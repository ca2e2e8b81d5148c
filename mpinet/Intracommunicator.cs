// Intracommunicator: MPI.NET's collectives over System.MP.Intracomm.  For T a primitive or a struct without
// references (Kind<T>.Blittable) they go zero-copy through System.MP's array collectives; for anything else
// (strings, classes, structs with references) through its O-collectives, and reductions on such T gather the
// values and fold them in rank order (CollSupport).  The reductions are in IntracommunicatorReduce.cs.
using System;
using MP = System.MP;

namespace MPI
{
	/// <summary>A communicator within one group of processes: MPI.NET's collectives.</summary>
	public partial class Intracommunicator : Communicator
	{
		internal Intracommunicator (System.MP.Intracomm comm) : base (comm)
		{
		}

		/// <summary>The System.MP intracommunicator this one wraps.</summary>
		internal System.MP.Intracomm Intra {
			get { return (System.MP.Intracomm) comm; }
		}

		// ---- Allgather ----------------------------------------------------------------------------------

		/// <summary>Gathers one value from every process; every process receives all of them.</summary>
		/// <typeparam name="T">Any type that can travel: zero-copy for primitives and structs without references.</typeparam>
		/// <param name="value">This process's value; it lands at index <see cref="Communicator.Rank"/>.</param>
		/// <returns>An array of <see cref="Communicator.Size"/> values, element i from rank i.</returns>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Allgather<T> (T value)
		{
			T[] result = null;
			Allgather (value, ref result);
			return result;
		}

		/// <summary>As <see cref="Allgather{T}(T)"/>, into <paramref name="outValues"/> when it already has
		/// <see cref="Communicator.Size"/> elements (else a new array).</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValue">This process's value.</param>
		/// <param name="outValues">Receives the values, element i from rank i.</param>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Allgather<T> (T inValue, ref T[] outValues)
		{
			int n = Size;
			if (Kind<T>.Blittable) {
				if (outValues == null || outValues.Length != n)
					outValues = new T[n];
				Intra.Allgather (new T[] { inValue }, outValues);
			} else {
				CollSupport.Deliver ((T[]) CollSupport.Serializable (() => Intra.OAllgather (new T[] { inValue })), ref outValues);
			}
		}

		/// <summary>Gathers <paramref name="count"/> values from every process into one array on every process,
		/// in rank order.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: <paramref name="count"/> of them.</param>
		/// <param name="count">The number of values each process contributes.</param>
		/// <returns>The concatenation of every process's values, in rank order.</returns>
		/// <exception cref="ArgumentException">inValues does not hold count values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] AllgatherFlattened<T> (T[] inValues, int count)
		{
			T[] result = null;
			AllgatherFlattened (inValues, count, ref result);
			return result;
		}

		/// <summary>Gathers counts[i] values from each process i into one array on every process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: counts[Rank] of them.</param>
		/// <param name="counts">The number of values each process contributes; the same on every process.</param>
		/// <returns>The concatenation of every process's values, in rank order.</returns>
		/// <exception cref="ArgumentException">counts does not have one entry per process, or inValues does not hold
		/// counts[Rank] values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] AllgatherFlattened<T> (T[] inValues, int[] counts)
		{
			T[] result = null;
			AllgatherFlattened (inValues, counts, ref result);
			return result;
		}

		/// <summary>As <see cref="AllgatherFlattened{T}(T[], int)"/>, into <paramref name="outValues"/> when it
		/// has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: <paramref name="count"/> of them.</param>
		/// <param name="count">The number of values each process contributes.</param>
		/// <param name="outValues">Receives the concatenation of every process's values.</param>
		/// <exception cref="ArgumentException">inValues does not hold count values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AllgatherFlattened<T> (T[] inValues, int count, ref T[] outValues)
		{
			AllgatherFlattened (inValues, Repeat (count), ref outValues);
		}

		/// <summary>As <see cref="AllgatherFlattened{T}(T[], int[])"/>, into <paramref name="outValues"/> when it
		/// has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: counts[Rank] of them.</param>
		/// <param name="counts">The number of values each process contributes; the same on every process.</param>
		/// <param name="outValues">Receives the concatenation of every process's values.</param>
		/// <exception cref="ArgumentException">counts does not have one entry per process, or inValues does not hold
		/// counts[Rank] values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AllgatherFlattened<T> (T[] inValues, int[] counts, ref T[] outValues)
		{
			Exception bad = CollSupport.CheckCounts (counts, Size, "counts");
			if (bad == null && inValues == null)
				bad = new ArgumentNullException ("inValues");
			if (bad == null && inValues.Length != counts[Rank])
				bad = new ArgumentException ("AllgatherFlattened: inValues holds " + inValues.Length + " values but counts[" +
					Rank + "] is " + counts[Rank], "inValues");
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				int total;
				int[] displs = CollSupport.Displacements (counts, out total);
				if (outValues == null || outValues.Length != total)
					outValues = new T[total];
				Intra.Allgatherv (inValues, outValues, counts, displs);
			} else {
				CollSupport.Agree (this, bad, "AllgatherFlattened");
				CollSupport.Deliver ((T[]) CollSupport.Serializable (() => Intra.OAllgather (inValues)), ref outValues);
			}
		}

		int[] Repeat (int count)
		{
			var c = new int[Size];
			for (int i = 0; i < c.Length; i++)
				c[i] = count;
			return c;
		}

		// ---- Alltoall -----------------------------------------------------------------------------------

		/// <summary>Each process sends values[j] to process j and receives one value from every process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values"><see cref="Communicator.Size"/> values; element j goes to rank j.</param>
		/// <returns>An array of Size values; element i came from rank i.</returns>
		/// <exception cref="ArgumentException">values does not hold one value per process.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Alltoall<T> (T[] values)
		{
			T[] result = null;
			Alltoall (values, ref result);
			return result;
		}

		/// <summary>As <see cref="Alltoall{T}(T[])"/>, into <paramref name="outValues"/> when it has Size
		/// elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues"><see cref="Communicator.Size"/> values; element j goes to rank j.</param>
		/// <param name="outValues">Receives Size values; element i came from rank i.</param>
		/// <exception cref="ArgumentException">inValues does not hold one value per process.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Alltoall<T> (T[] inValues, ref T[] outValues)
		{
			int n = Size;
			Exception bad = inValues == null ? new ArgumentNullException ("inValues") : inValues.Length != n ?
				new ArgumentException ("Alltoall: inValues holds " + inValues.Length + " values; it needs one per process (" + n + ")", "inValues") : null;
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				if (outValues == null || outValues.Length != n)
					outValues = new T[n];
				Intra.Alltoall (inValues, outValues);
			} else {
				// OAlltoall refuses a wrong length itself, and every other rank raises.
				CollSupport.Deliver ((T[]) CollSupport.Serializable (() => Intra.OAlltoall (inValues)), ref outValues);
			}
		}

		/// <summary>Each process sends <paramref name="count"/> values to every process (block j of inValues to rank
		/// j) and receives count values from each.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">Size * count values.</param>
		/// <param name="count">The number of values sent to (and received from) each process.</param>
		/// <returns>Size * count values; block i came from rank i.</returns>
		/// <exception cref="ArgumentException">inValues does not hold Size * count values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] AlltoallFlattened<T> (T[] inValues, int count)
		{
			T[] result = null;
			AlltoallFlattened (inValues, count, ref result);
			return result;
		}

		/// <summary>As <see cref="AlltoallFlattened{T}(T[], int)"/>, into <paramref name="outValues"/> when it has
		/// the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">Size * count values.</param>
		/// <param name="count">The number of values sent to (and received from) each process.</param>
		/// <param name="outValues">Receives Size * count values; block i came from rank i.</param>
		/// <exception cref="ArgumentException">inValues does not hold Size * count values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AlltoallFlattened<T> (T[] inValues, int count, ref T[] outValues)
		{
			int[] c = Repeat (count);
			AlltoallFlattened (inValues, c, c, ref outValues);
		}

		/// <summary>Each process sends sendCounts[j] values to process j (consecutive blocks of inValues) and
		/// receives recvCounts[i] values from process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">The values to send: at least the sum of sendCounts.</param>
		/// <param name="sendCounts">How many values go to each process.</param>
		/// <param name="recvCounts">How many values come from each process (recvCounts[i] on this rank equals
		/// sendCounts[Rank] on rank i).</param>
		/// <returns>The received values, block i from rank i.</returns>
		/// <exception cref="ArgumentException">The counts do not have one entry per process or do not fit
		/// inValues.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] AlltoallFlattened<T> (T[] inValues, int[] sendCounts, int[] recvCounts)
		{
			T[] result = null;
			AlltoallFlattened (inValues, sendCounts, recvCounts, ref result);
			return result;
		}

		/// <summary>As <see cref="AlltoallFlattened{T}(T[], int[], int[])"/>, into <paramref name="outValues"/>
		/// when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">The values to send: at least the sum of sendCounts.</param>
		/// <param name="sendCounts">How many values go to each process.</param>
		/// <param name="recvCounts">How many values come from each process.</param>
		/// <param name="outValues">Receives the values, block i from rank i.</param>
		/// <exception cref="ArgumentException">The counts do not have one entry per process or do not fit
		/// inValues.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AlltoallFlattened<T> (T[] inValues, int[] sendCounts, int[] recvCounts, ref T[] outValues)
		{
			int n = Size;
			Exception bad = CollSupport.CheckCounts (sendCounts, n, "sendCounts") ?? CollSupport.CheckCounts (recvCounts, n, "recvCounts");
			if (bad == null && inValues == null)
				bad = new ArgumentNullException ("inValues");
			if (bad == null && inValues.Length < CollSupport.Sum (sendCounts))
				bad = new ArgumentException ("AlltoallFlattened: inValues holds " + inValues.Length + " values, fewer than " +
					"the sum of sendCounts (" + CollSupport.Sum (sendCounts) + ")", "inValues");
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				int stotal, rtotal;
				int[] sd = CollSupport.Displacements (sendCounts, out stotal);
				int[] rd = CollSupport.Displacements (recvCounts, out rtotal);
				if (outValues == null || outValues.Length != rtotal)
					outValues = new T[rtotal];
				Intra.Alltoallv (inValues, sendCounts, sd, outValues, recvCounts, rd);
				return;
			}
			CollSupport.Agree (this, bad, "AlltoallFlattened");
			int total;
			int[] displs = CollSupport.Displacements (sendCounts, out total);
			var blocks = new T[n][];
			for (int j = 0; j < n; j++)
				blocks[j] = CollSupport.Slice (inValues, displs[j], sendCounts[j]);
			var got = (T[][]) CollSupport.Serializable (() => Intra.OAlltoall (blocks));
			for (int i = 0; i < n; i++) {
				if (got[i].Length != recvCounts[i])
					throw new ArgumentException ("AlltoallFlattened: rank " + i + " sent " + got[i].Length + " values but " +
						"recvCounts[" + i + "] is " + recvCounts[i] + " (the data arrived; the counts disagree)", "recvCounts");
			}
			CollSupport.Deliver (CollSupport.Concat (got), ref outValues);
		}

		// ---- Broadcast ----------------------------------------------------------------------------------

		/// <summary>Broadcasts the root's value to every process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">At the root, the value; elsewhere, replaced by a copy of the root's.</param>
		/// <param name="root">The rank of the process that broadcasts.</param>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Broadcast<T> (ref T value, int root)
		{
			if (Kind<T>.Blittable) {
				var box = new T[] { value };
				Intra.Bcast (box, root);
				value = box[0];
			} else {
				value = (T) CollSupport.Bcast (Intra, value, root);
			}
		}

		/// <summary>Broadcasts the root's array to every process.  For primitives and structs without references,
		/// every process must pass an array of the root's length (as in MPI.NET); for other types the array is
		/// replaced by a copy of the root's.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">At the root, the values; elsewhere, where they land.</param>
		/// <param name="root">The rank of the process that broadcasts.</param>
		/// <exception cref="ArgumentNullException">values is null where it must be allocated.</exception>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		/// <exception cref="System.MP.MPIException">A process's array is shorter than the root's.</exception>
		public void Broadcast<T> (ref T[] values, int root)
		{
			if (Kind<T>.Blittable) {
				if (values == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("values", "Broadcast: every process must pass " +
						"an array of the root's length (MPI.NET's rule for value types)"));
				Intra.Bcast (values, root);
			} else {
				values = (T[]) CollSupport.Bcast (Intra, values, root);
			}
		}

		// ---- Gather -------------------------------------------------------------------------------------

		/// <summary>Gathers one value from every process at the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value.</param>
		/// <param name="root">The rank that receives.</param>
		/// <returns>At the root, Size values (element i from rank i); null elsewhere.</returns>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Gather<T> (T value, int root)
		{
			T[] result = null;
			Gather (value, root, ref result);
			return result;
		}

		/// <summary>As <see cref="Gather{T}(T, int)"/>, into <paramref name="outValues"/> at the root when it has
		/// Size elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValue">This process's value.</param>
		/// <param name="root">The rank that receives.</param>
		/// <param name="outValues">At the root, receives the values; unchanged elsewhere.</param>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Gather<T> (T inValue, int root, ref T[] outValues)
		{
			bool isRoot = Rank == root;
			if (Kind<T>.Blittable) {
				if (isRoot && (outValues == null || outValues.Length != Size))
					outValues = new T[Size];
				Intra.Gather (new T[] { inValue }, isRoot ? outValues : null, root);
			} else {
				var r = (T[]) CollSupport.Serializable (() => Intra.OGather (new T[] { inValue }, root));
				if (isRoot)
					CollSupport.Deliver (r, ref outValues);
			}
		}

		/// <summary>Gathers every process's array at the root, concatenated in rank order; the arrays may have
		/// different lengths.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values.</param>
		/// <param name="root">The rank that receives.</param>
		/// <returns>At the root, the concatenation; null elsewhere.</returns>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] GatherFlattened<T> (T[] inValues, int root)
		{
			T[] result = null;
			GatherFlattened (inValues, root, ref result);
			return result;
		}

		/// <summary>Gathers counts[i] values from each process i at the root, concatenated in rank order.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: counts[Rank] of them.</param>
		/// <param name="counts">At the root, how many values each process sends; ignored elsewhere.</param>
		/// <param name="root">The rank that receives.</param>
		/// <returns>At the root, the concatenation; null elsewhere.</returns>
		/// <exception cref="ArgumentException">At the root, counts does not have one entry per process, or a process
		/// sent a different number of values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] GatherFlattened<T> (T[] inValues, int[] counts, int root)
		{
			T[] result = null;
			GatherFlattened (inValues, counts, root, ref result);
			return result;
		}

		/// <summary>As <see cref="GatherFlattened{T}(T[], int)"/>, into <paramref name="outValues"/> at the root
		/// when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values.</param>
		/// <param name="root">The rank that receives.</param>
		/// <param name="outValues">At the root, receives the concatenation; unchanged elsewhere.</param>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void GatherFlattened<T> (T[] inValues, int root, ref T[] outValues)
		{
			if (Kind<T>.Blittable) {
				// The counts first, as MPI.NET does: one int from each process.
				int[] counts = Gather (inValues == null ? -1 : inValues.Length, root);
				if (counts != null && Array.IndexOf (counts, -1) >= 0)
					counts = null; // a null inValues: the Gatherv below refuses it
				GatherFlattened (inValues, counts ?? (Rank == root ? new int[Size] : null), root, ref outValues);
			} else {
				var r = (T[]) CollSupport.Serializable (() => Intra.OGather (inValues, root));
				if (Rank == root)
					CollSupport.Deliver (r, ref outValues);
			}
		}

		/// <summary>As <see cref="GatherFlattened{T}(T[], int[], int)"/>, into <paramref name="outValues"/> at the
		/// root when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values: counts[Rank] of them.</param>
		/// <param name="counts">At the root, how many values each process sends; ignored elsewhere.</param>
		/// <param name="root">The rank that receives.</param>
		/// <param name="outValues">At the root, receives the concatenation; unchanged elsewhere.</param>
		/// <exception cref="ArgumentException">At the root, counts does not have one entry per process, or a process
		/// sent a different number of values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void GatherFlattened<T> (T[] inValues, int[] counts, int root, ref T[] outValues)
		{
			bool isRoot = Rank == root;
			if (Kind<T>.Blittable) {
				if (isRoot) {
					Exception bad = CollSupport.CheckCounts (counts, Size, "counts");
					if (bad != null)
						throw CollSupport.Refuse (this, bad);
					int total;
					int[] displs = CollSupport.Displacements (counts, out total);
					if (outValues == null || outValues.Length != total)
						outValues = new T[total];
					Intra.Gatherv (inValues, outValues, counts, displs, root);
				} else {
					Intra.Gatherv (inValues, null, null, null, root);
				}
				return;
			}
			var r = (T[]) CollSupport.Serializable (() => Intra.OGather (inValues, root));
			if (!isRoot)
				return;
			Exception e = CollSupport.CheckCounts (counts, Size, "counts");
			if (e == null && r.Length != CollSupport.Sum (counts))
				e = new ArgumentException ("GatherFlattened: the processes sent " + r.Length + " values in all, not the sum " +
					"of counts (" + CollSupport.Sum (counts) + ")", "counts");
			if (e != null)
				throw e;
			CollSupport.Deliver (r, ref outValues);
		}

		// ---- Scatter ------------------------------------------------------------------------------------

		/// <summary>Scatters values[i] to process i; this form is called by the root (the calling
		/// process).</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">One value per process.</param>
		/// <returns>values[Rank].</returns>
		/// <exception cref="ArgumentException">values does not hold one value per process.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Scatter<T> (T[] values)
		{
			return Scatter (values, Rank);
		}

		/// <summary>Receives this process's value of a Scatter from <paramref name="root"/>; for the processes other
		/// than the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="root">The rank that scatters; not this process.</param>
		/// <returns>The root's values[Rank].</returns>
		/// <exception cref="ArgumentException">This process is the root (it must pass the values).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Scatter<T> (int root)
		{
			Exception bad = Rank == root ? new ArgumentException ("Scatter: this form is for the processes other than the " +
				"root; the root calls Scatter(values) or Scatter(values, root)") : null;
			return Scatter<T> (null, root, bad);
		}

		/// <summary>Scatters the root's values[i] to process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">At the root, one value per process; ignored elsewhere.</param>
		/// <param name="root">The rank that scatters.</param>
		/// <returns>The root's values[Rank].</returns>
		/// <exception cref="ArgumentException">At the root, values does not hold one value per process.</exception>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Scatter<T> (T[] values, int root)
		{
			Exception bad = null;
			if (Rank == root && (values == null || values.Length != Size))
				bad = new ArgumentException ("Scatter: at the root, values must hold one value per process (" + Size + ")", "values");
			return Scatter (values, root, bad);
		}

		T Scatter<T> (T[] values, int root, Exception bad)
		{
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				var box = new T[1];
				Intra.Scatter (Rank == root ? values : null, box, root);
				return box[0];
			}
			CollSupport.Agree (this, bad, "Scatter");
			var part = (T[]) CollSupport.Serializable (() => Intra.OScatter (Rank == root ? values : null, root));
			return part[0];
		}

		/// <summary>Scatters consecutive blocks of <paramref name="count"/> of the root's values, block i to process
		/// i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At the root, Size * count values; ignored elsewhere.</param>
		/// <param name="count">The number of values each process receives.</param>
		/// <param name="root">The rank that scatters.</param>
		/// <returns>This process's count values.</returns>
		/// <exception cref="ArgumentException">At the root, inValues does not hold Size * count values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] ScatterFromFlattened<T> (T[] inValues, int count, int root)
		{
			T[] result = null;
			ScatterFromFlattened (inValues, count, root, ref result);
			return result;
		}

		/// <summary>Scatters consecutive blocks of the root's values, counts[i] of them to process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At the root, the sum of counts values; ignored elsewhere.</param>
		/// <param name="counts">How many values each process receives; the same on every process.</param>
		/// <param name="root">The rank that scatters.</param>
		/// <returns>This process's counts[Rank] values.</returns>
		/// <exception cref="ArgumentException">counts does not have one entry per process, or at the root inValues
		/// holds fewer values than their sum.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] ScatterFromFlattened<T> (T[] inValues, int[] counts, int root)
		{
			T[] result = null;
			ScatterFromFlattened (inValues, counts, root, ref result);
			return result;
		}

		/// <summary>As <see cref="ScatterFromFlattened{T}(T[], int, int)"/>, into <paramref name="outValues"/> when
		/// it has count elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At the root, Size * count values; ignored elsewhere.</param>
		/// <param name="count">The number of values each process receives.</param>
		/// <param name="root">The rank that scatters.</param>
		/// <param name="outValues">Receives this process's values.</param>
		/// <exception cref="ArgumentException">At the root, inValues does not hold Size * count values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (T[] inValues, int count, int root, ref T[] outValues)
		{
			ScatterFromFlattened (inValues, Repeat (count), root, ref outValues);
		}

		/// <summary>As <see cref="ScatterFromFlattened{T}(T[], int[], int)"/>, into <paramref name="outValues"/>
		/// when it has counts[Rank] elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At the root, the sum of counts values; ignored elsewhere.</param>
		/// <param name="counts">How many values each process receives; the same on every process.</param>
		/// <param name="root">The rank that scatters.</param>
		/// <param name="outValues">Receives this process's values.</param>
		/// <exception cref="ArgumentException">counts does not have one entry per process, or at the root inValues
		/// holds fewer values than their sum.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (T[] inValues, int[] counts, int root, ref T[] outValues)
		{
			bool isRoot = Rank == root;
			Exception bad = CollSupport.CheckCounts (counts, Size, "counts");
			if (bad == null && isRoot && (inValues == null || inValues.Length < CollSupport.Sum (counts)))
				bad = new ArgumentException ("ScatterFromFlattened: at the root, inValues must hold the sum of counts (" +
					CollSupport.Sum (counts) + ") values", "inValues");
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				int total;
				int[] displs = CollSupport.Displacements (counts, out total);
				if (outValues == null || outValues.Length != counts[Rank])
					outValues = new T[counts[Rank]];
				Intra.Scatterv (isRoot ? inValues : null, counts, displs, outValues, root);
				return;
			}
			CollSupport.Agree (this, bad, "ScatterFromFlattened");
			T[] send = inValues;
			if (isRoot && inValues.Length != CollSupport.Sum (counts))
				send = CollSupport.Slice (inValues, 0, (int) CollSupport.Sum (counts));
			CollSupport.Deliver ((T[]) CollSupport.Serializable (() => Intra.OScatter (isRoot ? send : null, counts, root)), ref outValues);
		}

		// ---- Spawn --------------------------------------------------------------------------------------

		/// <summary>Starts <paramref name="maxprocs"/> copies of a program and returns an intercommunicator to
		/// them (collective over this communicator).</summary>
		/// <param name="command">The program to run.</param>
		/// <param name="argv">Its arguments (may be null).</param>
		/// <param name="maxprocs">How many processes to start.</param>
		/// <param name="root">The rank whose arguments count.</param>
		/// <returns>An intercommunicator whose remote group is the new processes.</returns>
		/// <exception cref="System.MP.MPIException">The MPI library could not spawn (Debian's ch4:ucx MPICH cannot).</exception>
		/// <exception cref="ArgumentOutOfRangeException">root is not a rank of the communicator.</exception>
		public Intercommunicator Spawn (string command, string[] argv, int maxprocs, int root)
		{
			return new Intercommunicator (Intra.Spawn (command, argv, maxprocs, root));
		}
	}
}

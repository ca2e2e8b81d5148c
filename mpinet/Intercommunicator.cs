// Intercommunicator: MPI.NET's communicator between two groups, over System.MP.Intercomm, with its collectives.
// Rooted collectives follow MPI's convention: the root passes Intercommunicator.Root, the other processes of its
// group Intercommunicator.Null, and the remote group the root's rank in the root's group.  Data moves between the
// groups only: the root receives from (or sends to) the remote group, and "all" collectives give each group the
// other group's values.  Zero-copy for primitives and structs without references (System.MP's intercommunicator
// collectives), object graphs otherwise (OBcast, OScatter, OGather, OAllgather), and reductions on such types
// gather the remote values and fold them in rank order.
using System;
using MP = System.MP;

namespace MPI
{
	/// <summary>A communicator between two disjoint groups of processes.</summary>
	public partial class Intercommunicator : Communicator
	{
		/// <summary>The root argument of the process that is the root of a rooted collective.</summary>
		public const int Root = MP.MPI.ROOT;

		/// <summary>The root argument of the other processes of the root's group in a rooted collective.</summary>
		public const int Null = MP.MPI.PROC_NULL;

		internal Intercommunicator (System.MP.Intercomm comm) : base (comm)
		{
		}

		// A root argument as this library's: Root and Null are constants, which a program compiled against MPI.NET's
		// MPI.dll carries with the values of the MPI library MPI.NET was built on -- MPI_ROOT and MPI_PROC_NULL,
		// -3 and -1 under MPICH and MS-MPI, -4 and -2 under Open MPI.  No root of the remote group is negative, so
		// each of them means one thing.
		static int RootArg (int root)
		{
			return root == -4 ? Root : root == -1 ? Null : root;
		}

		/// <summary>Creates an intercommunicator between the group of <paramref name="localComm"/> and another
		/// group, whose leaders talk through <paramref name="bridgeComm"/> (collective over both groups).</summary>
		/// <param name="localComm">This process's group.</param>
		/// <param name="localLeader">The rank in localComm of this group's leader.</param>
		/// <param name="bridgeComm">A communicator holding both leaders (significant at the leader only).</param>
		/// <param name="remoteLeader">The rank in bridgeComm of the other group's leader.</param>
		/// <param name="tag">A tag for the leaders' messages on bridgeComm.</param>
		/// <exception cref="ArgumentNullException">localComm (or, at the leader, bridgeComm) is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A leader is not a rank of its communicator.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Intercommunicator (Intracommunicator localComm, int localLeader, Intracommunicator bridgeComm, int remoteLeader, int tag)
			: base (Create (localComm, localLeader, bridgeComm, remoteLeader, tag))
		{
		}

		static MP.Intercomm Create (Intracommunicator local, int localLeader, Intracommunicator bridge, int remoteLeader, int tag)
		{
			if (local == null)
				throw new ArgumentNullException ("localComm");
			MP.Comm peer = bridge == null ? null : bridge.comm;
			if (peer == null && local.Rank == localLeader)
				throw new ArgumentNullException ("bridgeComm", "the local leader needs the bridge communicator");
			return local.Intra.Create_intercomm (localLeader, peer ?? MP.MPI.COMM_WORLD, remoteLeader, tag);
		}

		/// <summary>The System.MP intercommunicator this one wraps.</summary>
		internal System.MP.Intercomm Inter {
			get { return (System.MP.Intercomm) comm; }
		}

		/// <summary>The number of processes in the remote group.</summary>
		public int RemoteSize {
			get { return Inter.Get_remote_size (); }
		}

		/// <summary>The remote group.</summary>
		public Group RemoteGroup {
			get { return new Group (Inter.Get_remote_group ()); }
		}

		/// <summary>Merges both groups into one intracommunicator (collective over both groups).</summary>
		/// <param name="upper">Whether this group's ranks come after the other group's (each group passes one
		/// value).</param>
		/// <returns>The merged intracommunicator.</returns>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Intracommunicator Merge (bool upper)
		{
			return new Intracommunicator (Inter.Merge (upper));
		}

		bool IsRoot (int root) { return root == Root; }

		// ---- Allgather ----------------------------------------------------------------------------------

		/// <summary>Every process receives one value from each process of the remote group.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value, sent to the remote group.</param>
		/// <returns>RemoteSize values, element i from remote rank i.</returns>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Allgather<T> (T value)
		{
			T[] r = null;
			Allgather (value, ref r);
			return r;
		}

		/// <summary>As <see cref="Allgather{T}(T)"/>, into <paramref name="outValues"/> when it has RemoteSize
		/// elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValue">This process's value.</param>
		/// <param name="outValues">Receives the remote group's values.</param>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Allgather<T> (T inValue, ref T[] outValues)
		{
			if (Kind<T>.Blittable) {
				if (outValues == null || outValues.Length != RemoteSize)
					outValues = new T[RemoteSize];
				Inter.Allgather (new T[] { inValue }, outValues);
			} else {
				CollSupport.Deliver (CollSupport.Cast<T> (CollSupport.Serializable (() => Inter.OAllgather (inValue))), ref outValues);
			}
		}

		/// <summary>Every process receives the concatenation of the remote group's arrays, <paramref name="count"/>
		/// values from each.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values.</param>
		/// <param name="count">The number of values each remote process sends.</param>
		/// <param name="outValues">Receives RemoteSize * count values.</param>
		/// <exception cref="ArgumentException">The counts do not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AllgatherFlattened<T> (T[] inValues, int count, ref T[] outValues)
		{
			AllgatherFlattened (inValues, RepeatRemote (count), ref outValues);
		}

		/// <summary>Every process receives the concatenation of the remote group's arrays, counts[i] values from
		/// remote rank i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values.</param>
		/// <param name="counts">How many values each remote process sends (RemoteSize entries).</param>
		/// <param name="outValues">Receives the concatenation.</param>
		/// <exception cref="ArgumentException">The counts do not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AllgatherFlattened<T> (T[] inValues, int[] counts, ref T[] outValues)
		{
			Exception bad = CollSupport.CheckCounts (counts, RemoteSize, "counts") ?? (inValues == null ? new ArgumentNullException ("inValues") : null);
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				int total;
				int[] displs = CollSupport.Displacements (counts, out total);
				if (outValues == null || outValues.Length != total)
					outValues = new T[total];
				Inter.Allgatherv (inValues, outValues, counts, displs);
				return;
			}
			CollSupport.Agree (this, bad, "AllgatherFlattened");
			var parts = CollSupport.Cast<T[]> (CollSupport.Serializable (() => Inter.OAllgather (inValues)));
			for (int i = 0; i < parts.Length; i++) {
				if (parts[i].Length != counts[i])
					throw new ArgumentException ("AllgatherFlattened: remote rank " + i + " sent " + parts[i].Length +
						" values but counts[" + i + "] is " + counts[i], "counts");
			}
			CollSupport.Deliver (CollSupport.Concat (parts), ref outValues);
		}

		int[] RepeatRemote (int count)
		{
			var c = new int[RemoteSize];
			for (int i = 0; i < c.Length; i++)
				c[i] = count;
			return c;
		}

		// ---- Allreduce ----------------------------------------------------------------------------------

		/// <summary>Every process receives the reduction of the remote group's values, in remote rank
		/// order.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">This process's value, contributed to the remote group's result.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The reduction of the remote group's values.</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Allreduce<T> (T value, ReductionOperation<T> op)
		{
			if (Kind<T>.Blittable) {
				var res = new T[1];
				using (var m = MappedOp.Of (this, op))
					Inter.Allreduce (new T[] { value }, res, m.Op);
				return res[0];
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : null, "Allreduce");
			var all = CollSupport.Cast<T> (CollSupport.Serializable (() => Inter.OAllgather (value)));
			return CollSupport.Fold (all, all.Length, op);
		}

		/// <summary>Every process receives the elementwise reduction of the remote group's arrays.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">This process's values; every process of both groups passes the same length.</param>
		/// <param name="op">The associative operation.</param>
		/// <returns>The elementwise reduction of the remote group's arrays.</returns>
		/// <exception cref="ArgumentNullException">op or values is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Allreduce<T> (T[] values, ReductionOperation<T> op)
		{
			T[] r = null;
			Allreduce (values, op, ref r);
			return r;
		}

		/// <summary>As <see cref="Allreduce{T}(T[], ReductionOperation{T})"/>, into <paramref name="outValues"/>
		/// when it has the right length.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="outValues">Receives the result.</param>
		/// <exception cref="ArgumentNullException">op or inValues is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Allreduce<T> (T[] inValues, ReductionOperation<T> op, ref T[] outValues)
		{
			if (Kind<T>.Blittable) {
				if (inValues == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("inValues"));
				if (outValues == null || outValues.Length != inValues.Length || ReferenceEquals (outValues, inValues))
					outValues = new T[inValues.Length];
				using (var m = MappedOp.Of (this, op))
					Inter.Allreduce (inValues, outValues, m.Op);
				return;
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : inValues == null ?
				new ArgumentNullException ("inValues") : null, "Allreduce");
			var all = CollSupport.Cast<T[]> (CollSupport.Serializable (() => Inter.OAllgather (inValues)));
			CollSupport.SameLengths (all, "Allreduce");
			CollSupport.Deliver (CollSupport.FoldArrays (all, all.Length, op, 0, all[0].Length, "Allreduce"), ref outValues);
		}

		// ---- Alltoall -----------------------------------------------------------------------------------

		/// <summary>Each process sends values[j] to remote process j and receives one value from each remote
		/// process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">RemoteSize values.</param>
		/// <returns>RemoteSize values, element i from remote rank i.</returns>
		/// <exception cref="ArgumentException">values does not hold RemoteSize values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Alltoall<T> (T[] values)
		{
			T[] r = null;
			Alltoall (values, ref r);
			return r;
		}

		/// <summary>As <see cref="Alltoall{T}(T[])"/>, into <paramref name="outValues"/> when it has RemoteSize
		/// elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">RemoteSize values.</param>
		/// <param name="outValues">Receives RemoteSize values.</param>
		/// <exception cref="ArgumentException">inValues does not hold RemoteSize values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Alltoall<T> (T[] inValues, ref T[] outValues)
		{
			int n = RemoteSize;
			Exception bad = inValues == null ? new ArgumentNullException ("inValues") : inValues.Length != n ?
				new ArgumentException ("Alltoall: inValues must hold one value per remote process (" + n + ")", "inValues") : null;
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				if (outValues == null || outValues.Length != n)
					outValues = new T[n];
				Inter.Alltoall (inValues, outValues);
				return;
			}
			// OAlltoall refuses a wrong length itself, and every other rank of both groups raises.
			CollSupport.Deliver ((T[]) CollSupport.Serializable (() => Inter.OAlltoall (inValues)), ref outValues);
		}

		/// <summary>Each process sends sendCounts[j] values to remote process j and receives recvCounts[i] from
		/// remote process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At least the sum of sendCounts values.</param>
		/// <param name="sendCounts">RemoteSize counts.</param>
		/// <param name="recvCounts">RemoteSize counts.</param>
		/// <param name="outValues">Receives the values, block i from remote rank i.</param>
		/// <exception cref="ArgumentException">The counts do not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void AlltoallFlattened<T> (T[] inValues, int[] sendCounts, int[] recvCounts, ref T[] outValues)
		{
			int n = RemoteSize;
			Exception bad = CollSupport.CheckCounts (sendCounts, n, "sendCounts") ?? CollSupport.CheckCounts (recvCounts, n, "recvCounts");
			if (bad == null && (inValues == null || inValues.Length < CollSupport.Sum (sendCounts)))
				bad = new ArgumentException ("AlltoallFlattened: inValues must hold the sum of sendCounts", "inValues");
			int stotal, rtotal;
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				int[] sd = CollSupport.Displacements (sendCounts, out stotal);
				int[] rd = CollSupport.Displacements (recvCounts, out rtotal);
				if (outValues == null || outValues.Length != rtotal)
					outValues = new T[rtotal];
				Inter.Alltoallv (inValues, sendCounts, sd, outValues, recvCounts, rd);
				return;
			}
			CollSupport.Agree (this, bad, "AlltoallFlattened");
			int[] displs = CollSupport.Displacements (sendCounts, out stotal);
			var blocks = new T[n][];
			for (int j = 0; j < n; j++)
				blocks[j] = CollSupport.Slice (inValues, displs[j], sendCounts[j]);
			var got = (T[][]) CollSupport.Serializable (() => Inter.OAlltoall (blocks));
			for (int i = 0; i < n; i++) {
				if (got[i].Length != recvCounts[i])
					throw new ArgumentException ("AlltoallFlattened: remote rank " + i + " sent " + got[i].Length +
						" values but recvCounts[" + i + "] is " + recvCounts[i] + " (the data arrived; the counts disagree)", "recvCounts");
			}
			CollSupport.Deliver (CollSupport.Concat (got), ref outValues);
		}

		// ---- Broadcast ----------------------------------------------------------------------------------

		/// <summary>The root sends its value to every process of the remote group.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">At the root, the value; in the remote group, replaced by a copy; unchanged on the root's
		/// group mates.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <exception cref="ArgumentOutOfRangeException">root is none of those.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Broadcast<T> (ref T value, int root)
		{
			root = RootArg (root);
			if (Kind<T>.Blittable) {
				var box = new T[] { value };
				Inter.Bcast (box, root);
				if (root != Root && root != Null)
					value = box[0];
			} else {
				object o = CollSupport.Bcast (Inter, value, root);
				if (root != Root && root != Null)
					value = (T) o;
			}
		}

		/// <summary>The root sends its array to every process of the remote group (which, for primitives and
		/// structs without references, must pass arrays of the root's length).</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">At the root, the values; in the remote group, where they land.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <exception cref="ArgumentNullException">values is null where it must be allocated.</exception>
		/// <exception cref="ArgumentOutOfRangeException">root is none of those.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Broadcast<T> (ref T[] values, int root)
		{
			root = RootArg (root);
			if (Kind<T>.Blittable) {
				if (values == null && root != Null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("values", "Broadcast: the root and the remote " +
						"group must pass an array of the root's length"));
				Inter.Bcast (root == Null ? (object) new T[0] : values, root);
			} else {
				object o = CollSupport.Bcast (Inter, values, root);
				if (root != Root && root != Null)
					values = (T[]) o;
			}
		}

		// ---- Gather -------------------------------------------------------------------------------------

		/// <summary>The root receives one value from each process of the remote group.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">In the remote group, the value sent; ignored at the root and its group mates.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <returns>At the root, RemoteSize values (element i from remote rank i); null elsewhere.</returns>
		/// <exception cref="ArgumentOutOfRangeException">root is none of those.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Gather<T> (T value, int root)
		{
			root = RootArg (root);
			T[] r = null;
			Gather (value, root, ref r);
			return r;
		}

		/// <summary>As <see cref="Gather{T}(T, int)"/>, into <paramref name="outValues"/> at the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValue">In the remote group, the value sent.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <param name="outValues">At the root, receives the values; unchanged elsewhere.</param>
		/// <exception cref="ArgumentOutOfRangeException">root is none of those.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Gather<T> (T inValue, int root, ref T[] outValues)
		{
			root = RootArg (root);
			if (Kind<T>.Blittable) {
				if (IsRoot (root) && (outValues == null || outValues.Length != RemoteSize))
					outValues = new T[RemoteSize];
				Inter.Gather (root == Root || root == Null ? null : new T[] { inValue }, IsRoot (root) ? outValues : null, root);
			} else {
				object[] r = CollSupport.Serializable (() => Inter.OGather (inValue, root));
				if (IsRoot (root))
					CollSupport.Deliver (CollSupport.Cast<T> (r), ref outValues);
			}
		}

		/// <summary>At the root: receives <paramref name="count"/> values from each remote process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="count">How many values each remote process sends.</param>
		/// <param name="outValues">Receives the concatenation.</param>
		/// <exception cref="ArgumentException">A remote process sent a different number.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void GatherFlattened<T> (int count, ref T[] outValues)
		{
			GatherFlattened (RepeatRemote (count), ref outValues);
		}

		/// <summary>At the root: receives <paramref name="count"/> values from each remote process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="count">How many values each remote process sends.</param>
		/// <returns>The concatenation, in remote rank order.</returns>
		/// <exception cref="ArgumentException">A remote process sent a different number.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] GatherFlattened<T> (int count)
		{
			T[] r = null;
			GatherFlattened (count, ref r);
			return r;
		}

		/// <summary>At the root: receives counts[i] values from remote process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="counts">RemoteSize counts.</param>
		/// <returns>The concatenation, in remote rank order.</returns>
		/// <exception cref="ArgumentException">counts does not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] GatherFlattened<T> (int[] counts)
		{
			T[] r = null;
			GatherFlattened (counts, ref r);
			return r;
		}

		/// <summary>At the root: receives counts[i] values from remote process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="counts">RemoteSize counts.</param>
		/// <param name="outValues">Receives the concatenation.</param>
		/// <exception cref="ArgumentException">counts does not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void GatherFlattened<T> (int[] counts, ref T[] outValues)
		{
			Exception bad = CollSupport.CheckCounts (counts, RemoteSize, "counts");
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				int total;
				int[] displs = CollSupport.Displacements (counts, out total);
				if (outValues == null || outValues.Length != total)
					outValues = new T[total];
				Inter.Gatherv (null, outValues, counts, displs, Root);
				return;
			}
			object[] parts = CollSupport.Serializable (() => Inter.OGather (null, Root));
			if (bad != null)
				throw bad;
			var arrays = CollSupport.Cast<T[]> (parts);
			for (int i = 0; i < arrays.Length; i++) {
				if (arrays[i].Length != counts[i])
					throw new ArgumentException ("GatherFlattened: remote rank " + i + " sent " + arrays[i].Length +
						" values but counts[" + i + "] is " + counts[i], "counts");
			}
			CollSupport.Deliver (CollSupport.Concat (arrays), ref outValues);
		}

		/// <summary>In the remote group: sends this process's values to the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">The values sent.</param>
		/// <param name="root">The root's rank in its group.</param>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void GatherFlattened<T> (T[] inValues, int root)
		{
			root = RootArg (root);
			if (Kind<T>.Blittable)
				Inter.Gatherv (inValues, null, null, null, root);
			else
				CollSupport.Serializable (() => Inter.OGather (inValues, root));
		}

		/// <summary>The root's group mates' part in GatherFlattened: they send and receive nothing.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void GatherFlattened<T> ()
		{
			if (Kind<T>.Blittable)
				Inter.Gatherv (null, null, null, null, Null);
			else
				CollSupport.Serializable (() => Inter.OGather (null, Null));
		}

		// ---- Reduce -------------------------------------------------------------------------------------

		/// <summary>The root receives the reduction of the remote group's values, in remote rank order.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="value">In the remote group, this process's value; ignored elsewhere.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <returns>At the root, the result; default(T) elsewhere.</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Reduce<T> (T value, ReductionOperation<T> op, int root)
		{
			root = RootArg (root);
			if (Kind<T>.Blittable) {
				var res = new T[1];
				using (var m = MappedOp.Of (this, op))
					Inter.Reduce (root == Root || root == Null ? null : new T[] { value }, IsRoot (root) ? res : null, m.Op, root);
				return res[0];
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : null, "Reduce");
			object[] all = CollSupport.Serializable (() => Inter.OGather (value, root));
			if (!IsRoot (root))
				return default (T);
			var v = CollSupport.Cast<T> (all);
			return CollSupport.Fold (v, v.Length, op);
		}

		/// <summary>The root receives the elementwise reduction of the remote group's arrays.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">In the remote group, this process's values; at the root, an array of the result's
		/// length (or null for types other than primitives and structs); ignored on the root's group mates.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <returns>At the root, the result; null elsewhere.</returns>
		/// <exception cref="ArgumentNullException">op is null.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] Reduce<T> (T[] values, ReductionOperation<T> op, int root)
		{
			root = RootArg (root);
			T[] r = IsRoot (root) && values != null ? new T[values.Length] : null;
			Reduce (IsRoot (root) ? null : values, op, root, ref r);
			return IsRoot (root) ? r : null;
		}

		/// <summary>As <see cref="Reduce{T}(T[], ReductionOperation{T}, int)"/>, into <paramref name="outValues"/>
		/// at the root (for primitives and structs, the root's outValues gives the length).</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">In the remote group, this process's values; ignored elsewhere.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <param name="outValues">At the root, receives the result.</param>
		/// <exception cref="ArgumentNullException">op is null, or at the root outValues is null for a primitive or
		/// struct type.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Reduce<T> (T[] inValues, ReductionOperation<T> op, int root, ref T[] outValues)
		{
			root = RootArg (root);
			bool isRoot = IsRoot (root), sender = root != Root && root != Null;
			if (Kind<T>.Blittable) {
				if (isRoot && outValues == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("outValues", "Reduce: at the root, pass an " +
						"array of the result's length"));
				if (sender && inValues == null)
					throw CollSupport.Refuse (this, new ArgumentNullException ("inValues"));
				using (var m = MappedOp.Of (this, op))
					Inter.Reduce (sender ? inValues : null, isRoot ? outValues : null, m.Op, root);
				return;
			}
			CollSupport.Agree (this, op == null ? new ArgumentNullException ("op") : null, "Reduce");
			object[] all = CollSupport.Serializable (() => Inter.OGather (sender ? inValues : null, root));
			if (!isRoot)
				return;
			var arrays = CollSupport.Cast<T[]> (all);
			CollSupport.SameLengths (arrays, "Reduce");
			CollSupport.Deliver (CollSupport.FoldArrays (arrays, arrays.Length, op, 0, arrays[0].Length, "Reduce"), ref outValues);
		}

		// ---- ReduceScatter ------------------------------------------------------------------------------

		/// <summary>The remote group's arrays are reduced elementwise and the result scattered over this group:
		/// process i receives counts[i] elements.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">This process's values, contributed to the remote group's result (as long as the sum
		/// of the remote group's counts).</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="counts">How many elements each process of this group receives (Size entries).</param>
		/// <returns>This process's counts[Rank] elements.</returns>
		/// <exception cref="ArgumentException">counts does not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T[] ReduceScatter<T> (T[] values, ReductionOperation<T> op, int[] counts)
		{
			T[] r = null;
			ReduceScatter (values, op, counts, ref r);
			return r;
		}

		/// <summary>As <see cref="ReduceScatter{T}(T[], ReductionOperation{T}, int[])"/>, into <paramref
		/// name="outValues"/>.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">This process's values.</param>
		/// <param name="op">The associative operation.</param>
		/// <param name="counts">How many elements each process of this group receives.</param>
		/// <param name="outValues">Receives this process's elements.</param>
		/// <exception cref="ArgumentException">counts does not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ReduceScatter<T> (T[] inValues, ReductionOperation<T> op, int[] counts, ref T[] outValues)
		{
			Exception bad = CollSupport.CheckCounts (counts, Size, "counts") ?? (inValues == null ? new ArgumentNullException ("inValues") : null);
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				if (outValues == null || outValues.Length != counts[Rank])
					outValues = new T[counts[Rank]];
				using (var m = MappedOp.Of (this, op))
					Inter.Reduce_scatter (inValues, outValues, counts, m.Op);
				return;
			}
			if (bad == null && op == null)
				bad = new ArgumentNullException ("op");
			CollSupport.Agree (this, bad, "ReduceScatter");
			int total;
			int[] displs = CollSupport.Displacements (counts, out total);
			var all = CollSupport.Cast<T[]> (CollSupport.Serializable (() => Inter.OAllgather (inValues)));
			CollSupport.SameLengths (all, "ReduceScatter");
			if (all.Length > 0 && all[0].Length != total)
				throw new ArgumentException ("ReduceScatter: the remote group's arrays hold " + all[0].Length + " values, not " +
					"the sum of this group's counts (" + total + ")", "counts");
			CollSupport.Deliver (CollSupport.FoldArrays (all, all.Length, op, displs[Rank], counts[Rank], "ReduceScatter"), ref outValues);
		}

		// ---- Scatter ------------------------------------------------------------------------------------

		/// <summary>At the root: sends values[i] to remote process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="values">RemoteSize values.</param>
		/// <exception cref="ArgumentException">values does not hold RemoteSize values.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Scatter<T> (T[] values)
		{
			Exception bad = values == null || values.Length != RemoteSize ? new ArgumentException ("Scatter: at the root, " +
				"values must hold one value per remote process (" + RemoteSize + ")", "values") : null;
			ScatterOne (values, Root, bad);
		}

		/// <summary>In the remote group: receives this process's value from the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="root">The root's rank in its group.</param>
		/// <returns>The root's values[Rank].</returns>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public T Scatter<T> (int root)
		{
			root = RootArg (root);
			Exception bad = root == Root || root == Null ? new ArgumentException ("Scatter: this form is for the remote " +
				"group; the root calls Scatter(values), its group mates Scatter()", "root") : null;
			return ScatterOne<T> (null, root, bad);
		}

		/// <summary>The root's group mates' part in Scatter: nothing moves.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void Scatter<T> ()
		{
			ScatterOne<T> (null, Null, null);
		}

		T ScatterOne<T> (T[] values, int root, Exception bad)
		{
			bool recv = root != Root && root != Null;
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				var box = recv ? new T[1] : null;
				Inter.Scatter (root == Root ? values : null, box, root);
				return recv ? box[0] : default (T);
			}
			CollSupport.Agree (this, bad, "Scatter");
			object o = CollSupport.Serializable (() => Inter.OScatter (root == Root ? values : null, root));
			return recv ? (T) o : default (T);
		}

		/// <summary>At the root: sends <paramref name="count"/> consecutive values to each remote process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">RemoteSize * count values.</param>
		/// <param name="count">How many values each remote process receives.</param>
		/// <exception cref="ArgumentException">inValues is too short.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (T[] inValues, int count)
		{
			T[] none = null;
			ScatterFromFlattened (inValues, RepeatRemote (count), Root, ref none);
		}

		/// <summary>At the root: sends counts[i] consecutive values to remote process i.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">The sum of counts values.</param>
		/// <param name="counts">RemoteSize counts.</param>
		/// <exception cref="ArgumentException">inValues or counts does not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (T[] inValues, int[] counts)
		{
			T[] none = null;
			ScatterFromFlattened (inValues, counts, Root, ref none);
		}

		/// <summary>In the remote group: receives <paramref name="count"/> values from the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="count">How many values this process receives.</param>
		/// <param name="root">The root's rank in its group.</param>
		/// <param name="outValues">Receives the values.</param>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (int count, int root, ref T[] outValues)
		{
			root = RootArg (root);
			ScatterFromFlattened (null, new int[] { count }, root, ref outValues);
		}

		/// <summary>In the remote group: receives counts[Rank] values from the root.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="counts">How many values each process of this group receives.</param>
		/// <param name="root">The root's rank in its group.</param>
		/// <param name="outValues">Receives the values.</param>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (int[] counts, int root, ref T[] outValues)
		{
			root = RootArg (root);
			ScatterFromFlattened (null, counts, root, ref outValues);
		}

		/// <summary>The root's group mates' part in ScatterFromFlattened: nothing moves.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> ()
		{
			T[] none = null;
			ScatterFromFlattened (null, (int[]) null, Null, ref none);
		}

		/// <summary>ScatterFromFlattened with every argument: the root sends count values to each remote process.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At the root, RemoteSize * count values; ignored elsewhere.</param>
		/// <param name="count">How many values each receiving process gets.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <param name="outValues">In the remote group, receives the values.</param>
		/// <exception cref="ArgumentException">inValues is too short.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (T[] inValues, int count, int root, ref T[] outValues)
		{
			root = RootArg (root);
			int[] counts = root == Root ? RepeatRemote (count) : root == Null ? null : new int[] { count };
			ScatterFromFlattened (inValues, counts, root, ref outValues);
		}

		/// <summary>ScatterFromFlattened with every argument: the root sends counts[i] values to remote process i.
		/// At the root counts has RemoteSize entries; in the remote group, counts[Rank] (or counts[0] when counts
		/// has one entry) is what this process receives.</summary>
		/// <typeparam name="T">Any type that can travel.</typeparam>
		/// <param name="inValues">At the root, the sum of counts values; ignored elsewhere.</param>
		/// <param name="counts">The counts (see the summary); ignored on the root's group mates.</param>
		/// <param name="root"><see cref="Root"/>, <see cref="Null"/>, or the root's rank in the remote group.</param>
		/// <param name="outValues">In the remote group, receives the values.</param>
		/// <exception cref="ArgumentException">inValues or counts does not fit.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments.</exception>
		public void ScatterFromFlattened<T> (T[] inValues, int[] counts, int root, ref T[] outValues)
		{
			root = RootArg (root);
			Exception bad = null;
			int mine = 0;
			if (root == Root) {
				bad = CollSupport.CheckCounts (counts, RemoteSize, "counts");
				if (bad == null && (inValues == null || inValues.Length < CollSupport.Sum (counts)))
					bad = new ArgumentException ("ScatterFromFlattened: at the root, inValues must hold the sum of counts", "inValues");
			} else if (root != Null) {
				if (counts == null || counts.Length == 0)
					bad = new ArgumentNullException ("counts");
				else
					mine = counts.Length == 1 ? counts[0] : Rank < counts.Length ? counts[Rank] : -1;
				if (bad == null && mine < 0)
					bad = new ArgumentException ("ScatterFromFlattened: counts has no entry for this process", "counts");
			}
			if (Kind<T>.Blittable) {
				if (bad != null)
					throw CollSupport.Refuse (this, bad);
				if (root == Root) {
					int total;
					int[] displs = CollSupport.Displacements (counts, out total);
					Inter.Scatterv (inValues, counts, displs, null, Root);
				} else if (root == Null) {
					Inter.Scatterv (null, null, null, null, Null);
				} else {
					if (outValues == null || outValues.Length != mine)
						outValues = new T[mine];
					Inter.Scatterv (null, null, null, outValues, root);
				}
				return;
			}
			CollSupport.Agree (this, bad, "ScatterFromFlattened");
			object[] blocks = null;
			if (root == Root) {
				int total;
				int[] displs = CollSupport.Displacements (counts, out total);
				blocks = new object[counts.Length];
				for (int j = 0; j < blocks.Length; j++)
					blocks[j] = CollSupport.Slice (inValues, displs[j], counts[j]);
			}
			object o = CollSupport.Serializable (() => Inter.OScatter (blocks, root));
			if (root != Root && root != Null)
				CollSupport.Deliver ((T[]) o, ref outValues);
		}
	}
}

// Group: an ordered set of processes (MPI_Group), named by a handle into native-mpi's group table.
//
// Groups are local objects: no operation here communicates.  A group the program does not Free is released
// when MPI is finalized.
namespace System.MP
{
	/// <summary>An ordered set of processes (MPI_Group), from <see cref="Comm.Get_group"/> or
	/// <see cref="Intercomm.Get_remote_group"/> and the set operations here.  Used to build communicators
	/// (<see cref="Intracomm.Create"/>) and to translate ranks.  Groups are local: no operation here communicates.
	/// A group the program does not <see cref="Free"/> is released when MPI is finalized.</summary>
	public sealed unsafe class Group
	{
		internal int handle;

		internal Group (int handle)
		{
			this.handle = handle;
		}

		static readonly Group empty = new Group (0);

		/// <summary>The group with no members (MPI_GROUP_EMPTY).</summary>
		public static Group EMPTY { get { return empty; } }

		/// <summary>The number of processes in the group.</summary>
		/// <returns>The size (0 for <see cref="EMPTY"/>).</returns>
		/// <exception cref="ObjectDisposedException">The group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_size ()
		{
			int size;
			Check (MPDirect.GroupSize (handle, out size));
			return size;
		}

		/// <summary>This process's rank in the group, or MPI.UNDEFINED if it is not a member.</summary>
		/// <returns>The rank, or <see cref="MPI.UNDEFINED"/>.</returns>
		/// <exception cref="ObjectDisposedException">The group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_rank ()
		{
			int rank;
			Check (MPDirect.GroupRank (handle, out rank));
			return rank;
		}

		/// <summary>The same as <see cref="Get_size"/>.</summary>
		/// <exception cref="ObjectDisposedException">The group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Size { get { return Get_size (); } }
		/// <summary>The same as <see cref="Get_rank"/>.</summary>
		/// <exception cref="ObjectDisposedException">The group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Rank { get { return Get_rank (); } }

		/// <summary>The group of the listed ranks of this group, in the listed order.  Ranks must be
		/// distinct.</summary>
		/// <param name="ranks">Ranks of this group, distinct.</param>
		/// <returns>The new group (<see cref="EMPTY"/>'s equal for an empty list).</returns>
		/// <exception cref="ArgumentNullException"><paramref name="ranks"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank is not in the group.</exception>
		/// <exception cref="ArgumentException">The ranks are not distinct.</exception>
		/// <exception cref="ObjectDisposedException">The group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
		public Group Incl (int[] ranks)
		{
			return Subset (ranks, 0);
		}

		/// <summary>This group without the listed ranks (which must be distinct).</summary>
		/// <param name="ranks">Ranks of this group to leave out, distinct.</param>
		/// <returns>The new group, in this group's order.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="ranks"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank is not in the group.</exception>
		/// <exception cref="ArgumentException">The ranks are not distinct.</exception>
		/// <exception cref="ObjectDisposedException">The group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
		public Group Excl (int[] ranks)
		{
			return Subset (ranks, 1);
		}

		Group Subset (int[] ranks, int exclude)
		{
			if (ranks == null)
				throw new ArgumentNullException ("ranks");
			int ng;
			fixed (int* p = ranks)
				Check (MPDirect.GroupIncl (handle, p, ranks.Length, exclude, out ng), ranks);
			return new Group (ng);
		}

		/// <summary>The processes of either group: those of <paramref name="g1"/> in its order, then those only in
		/// <paramref name="g2"/> in its order.</summary>
		/// <param name="g1">The first group.</param>
		/// <param name="g2">The second group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="g1"/> or <paramref name="g2"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
		public static Group Union (Group g1, Group g2)
		{
			return Combine (g1, g2, 0);
		}

		/// <summary>The processes in both groups, in <paramref name="g1"/>'s order.</summary>
		/// <param name="g1">The first group.</param>
		/// <param name="g2">The second group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="g1"/> or <paramref name="g2"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
		public static Group Intersection (Group g1, Group g2)
		{
			return Combine (g1, g2, 1);
		}

		/// <summary>The processes of <paramref name="g1"/> that are not in <paramref name="g2"/>, in g1's
		/// order.</summary>
		/// <param name="g1">The first group.</param>
		/// <param name="g2">The second group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="g1"/> or <paramref name="g2"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
		public static Group Difference (Group g1, Group g2)
		{
			return Combine (g1, g2, 2);
		}

		static Group Combine (Group g1, Group g2, int how)
		{
			if (g1 == null)
				throw new ArgumentNullException ("g1");
			if (g2 == null)
				throw new ArgumentNullException ("g2");
			int ng;
			Check (MPDirect.GroupCombine (g1.handle, g2.handle, how, out ng));
			return new Group (ng);
		}

		/// <summary>The ranks in <paramref name="g2"/> of <paramref name="ranks"/> of <paramref name="g1"/>
		/// (MPI.UNDEFINED for processes not in g2).</summary>
		/// <param name="g1">The group the ranks are in.</param>
		/// <param name="ranks">Ranks of <paramref name="g1"/>.</param>
		/// <param name="g2">The group to translate to.</param>
		/// <returns>One rank of <paramref name="g2"/> (or MPI.UNDEFINED) per entry of <paramref
		/// name="ranks"/>.</returns>
		/// <exception cref="ArgumentNullException">An argument is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank is not in <paramref name="g1"/>.</exception>
		/// <exception cref="ObjectDisposedException">A group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static int[] Translate_ranks (Group g1, int[] ranks, Group g2)
		{
			if (g1 == null)
				throw new ArgumentNullException ("g1");
			if (g2 == null)
				throw new ArgumentNullException ("g2");
			if (ranks == null)
				throw new ArgumentNullException ("ranks");
			var result = new int[ranks.Length];
			fixed (int* p = ranks, q = result)
				Check (MPDirect.GroupTranslate (g1.handle, p, ranks.Length, g2.handle, q), ranks);
			return result;
		}

		/// <summary>MPI.IDENT (same members, same order), MPI.SIMILAR (same members) or MPI.UNEQUAL.</summary>
		/// <summary>Compares two groups.</summary>
		/// <param name="g1">The first group.</param>
		/// <param name="g2">The second group.</param>
		/// <returns><see cref="MPI.IDENT"/>, <see cref="MPI.SIMILAR"/> or <see cref="MPI.UNEQUAL"/>.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="g1"/> or <paramref name="g2"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public static int Compare (Group g1, Group g2)
		{
			if (g1 == null)
				throw new ArgumentNullException ("g1");
			if (g2 == null)
				throw new ArgumentNullException ("g2");
			int r;
			Check (MPDirect.GroupCompare (g1.handle, g2.handle, out r));
			return r;
		}

		/// <summary>Frees the group; using it afterwards raises ObjectDisposedException.  Freeing EMPTY does
		/// nothing.</summary>
		/// <exception cref="ObjectDisposedException">The group has been freed already.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Free ()
		{
			if (handle == 0)
				return;
			Check (MPDirect.GroupFree (handle));
			handle = -1;
		}

		static void Check (int rc, int[] ranks = null)
		{
			if (rc == 0)
				return;
			if (rc == Errors.ERANK && ranks != null)
				throw new ArgumentOutOfRangeException ("ranks", "a rank is not in the group");
			if (rc == Errors.EARG && ranks != null)
				throw new ArgumentException ("ranks must be distinct (and no more than the group holds)", "ranks");
			if (rc == Errors.EGROUP)
				throw MPI.Is_finalized () ? (Exception) new InvalidOperationException ("MPI has been finalized")
				                         : new ObjectDisposedException ("Group", "the group has been freed");
			throw Errors.Make (rc, null, null, 0, 0, null);
		}
	}
}

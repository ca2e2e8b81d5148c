// Group: an ordered set of processes (MPI_Group), named by a handle into native-mpi's group table.
//
// Groups are local objects: no operation here communicates.  A group the program does not Free is released
// when MPI is finalized.
namespace System.MP
{
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

		public int Get_size ()
		{
			int size;
			Check (MPDirect.GroupSize (handle, out size));
			return size;
		}

		/// <summary>This process's rank in the group, or MPI.UNDEFINED if it is not a member.</summary>
		public int Get_rank ()
		{
			int rank;
			Check (MPDirect.GroupRank (handle, out rank));
			return rank;
		}

		public int Size { get { return Get_size (); } }
		public int Rank { get { return Get_rank (); } }

		/// <summary>The group of the listed ranks of this group, in the listed order.  Ranks must be distinct.</summary>
		public Group Incl (int[] ranks)
		{
			return Subset (ranks, 0);
		}

		/// <summary>This group without the listed ranks (which must be distinct).</summary>
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

		public static Group Union (Group g1, Group g2)
		{
			return Combine (g1, g2, 0);
		}

		public static Group Intersection (Group g1, Group g2)
		{
			return Combine (g1, g2, 1);
		}

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

		/// <summary>Frees the group; using it afterwards raises ObjectDisposedException.  Freeing EMPTY does nothing.</summary>
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

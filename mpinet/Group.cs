using System;

namespace MPI
{
	/// <summary>An ordered set of processes (MPI_Group): the members of a communicator, and sets made from
	/// them.</summary>
	public class Group : IDisposable
	{
		internal System.MP.Group group;

		internal Group (System.MP.Group group)
		{
			this.group = group;
		}

		/// <summary>The group with no processes.</summary>
		public static Group empty = new Group (System.MP.Group.EMPTY);

		/// <summary>The rank of a process that is not in the group (MPI_UNDEFINED).</summary>
		public const int NoProcess = System.MP.MPI.UNDEFINED;

		/// <summary>Frees the group.  Does nothing for <see cref="empty"/>, after MPI is finalized, or when called
		/// again.</summary>
		public void Dispose ()
		{
			if (this == empty || group == System.MP.Group.EMPTY || System.MP.MPI.Is_finalized ())
				return;
			try {
				group.Free ();
			} catch (ObjectDisposedException) {
			}
		}

		static System.MP.Group Of (Group g, string name)
		{
			if (g == null)
				throw new ArgumentNullException (name);
			return g.group;
		}

		/// <summary>The union: the processes of <paramref name="group1"/>, then those of <paramref name="group2"/>
		/// not in it.</summary>
		/// <param name="group1">The first group.</param>
		/// <param name="group2">The second group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException">A group is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been disposed.</exception>
		public static Group operator | (Group group1, Group group2)
		{
			return new Group (System.MP.Group.Union (Of (group1, "group1"), Of (group2, "group2")));
		}

		/// <summary>The intersection, in the order of <paramref name="group1"/>.</summary>
		/// <param name="group1">The first group.</param>
		/// <param name="group2">The second group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException">A group is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been disposed.</exception>
		public static Group operator & (Group group1, Group group2)
		{
			return new Group (System.MP.Group.Intersection (Of (group1, "group1"), Of (group2, "group2")));
		}

		/// <summary>The processes of <paramref name="group1"/> not in <paramref name="group2"/>.</summary>
		/// <param name="group1">The first group.</param>
		/// <param name="group2">The second group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException">A group is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been disposed.</exception>
		public static Group operator - (Group group1, Group group2)
		{
			return new Group (System.MP.Group.Difference (Of (group1, "group1"), Of (group2, "group2")));
		}

		/// <summary>The group of the processes with the given ranks, in that order.</summary>
		/// <param name="ranks">Distinct ranks of this group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="ranks"/> is null.</exception>
		/// <exception cref="ArgumentException">A rank is out of range or repeated.</exception>
		/// <exception cref="ObjectDisposedException">The group has been disposed.</exception>
		public Group IncludeOnly (int[] ranks)
		{
			return new Group (group.Incl (ranks));
		}

		/// <summary>The group without the processes with the given ranks.</summary>
		/// <param name="ranks">Distinct ranks of this group.</param>
		/// <returns>The new group.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="ranks"/> is null.</exception>
		/// <exception cref="ArgumentException">A rank is out of range or repeated.</exception>
		/// <exception cref="ObjectDisposedException">The group has been disposed.</exception>
		public Group Exclude (int[] ranks)
		{
			return new Group (group.Excl (ranks));
		}

		/// <summary>The number of processes in the group.</summary>
		/// <exception cref="ObjectDisposedException">The group has been disposed.</exception>
		public int Size {
			get { return group.Size; }
		}

		/// <summary>This process's rank in the group, or <see cref="NoProcess"/> if it is not a member.</summary>
		/// <exception cref="ObjectDisposedException">The group has been disposed.</exception>
		public int Rank {
			get { return group.Rank; }
		}

		/// <summary>The ranks in <paramref name="other"/> of the processes with the given ranks here
		/// (<see cref="NoProcess"/> for a process not in <paramref name="other"/>).</summary>
		/// <param name="ranks">Ranks of this group.</param>
		/// <param name="other">The group to translate into.</param>
		/// <returns>The translated ranks.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="ranks"/> or <paramref name="other"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException">A rank is out of range.</exception>
		/// <exception cref="ObjectDisposedException">A group has been disposed.</exception>
		public int[] TranslateRanks (int[] ranks, Group other)
		{
			return System.MP.Group.Translate_ranks (group, ranks, Of (other, "other"));
		}

		/// <summary>Compares this group with <paramref name="other"/>.</summary>
		/// <param name="other">The group to compare with.</param>
		/// <returns>Identical (same processes, same order), Similar (same processes) or Unequal.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="other"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">A group has been disposed.</exception>
		public Comparison Compare (Group other)
		{
			return Comparisons.FromMP (System.MP.Group.Compare (group, Of (other, "other")));
		}
	}
}

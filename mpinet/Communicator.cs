using System;
using System.MP;

namespace MPI
{
	/// <summary>A group of processes that communicate: the base of MPI.NET's communicators, over a System.MP
	/// communicator.  Point-to-point operations are in Communicator.P2P.cs.</summary>
	public abstract partial class Communicator : IDisposable, ICloneable
	{
		/// <summary>The System.MP communicator this one wraps.</summary>
		internal System.MP.Comm comm;

		internal Communicator (System.MP.Comm comm)
		{
			this.comm = comm;
			Attributes = new AttributeSet ();
		}

		/// <summary>Every process of the job (MPI_COMM_WORLD).  Under Motor MPI is initialised before Main, so this
		/// is set before any <see cref="Environment"/> is made.</summary>
		public static Intracommunicator world = new Intracommunicator (System.MP.MPI.COMM_WORLD);

		/// <summary>This process alone (MPI_COMM_SELF).</summary>
		public static Intracommunicator self = new Intracommunicator (System.MP.MPI.COMM_SELF);

		/// <summary>The source that matches a message from any process (MPI_ANY_SOURCE).</summary>
		public static int anySource = System.MP.MPI.ANY_SOURCE;

		/// <summary>The tag that matches a message with any tag (MPI_ANY_TAG).</summary>
		public static int anyTag = System.MP.MPI.ANY_TAG;

		/// <summary>The attributes attached to this communicator; <see cref="Clone"/> copies them as each
		/// <see cref="Attribute"/>'s <see cref="AttributeDuplication"/> says.</summary>
		public AttributeSet Attributes;

		/// <summary>The rank of this process in the communicator.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		public int Rank {
			get { return comm.Rank; }
		}

		/// <summary>The number of processes in the communicator (the local group of an intercommunicator).</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		public int Size {
			get { return comm.Size; }
		}

		/// <summary>The group of the processes in this communicator (the local group of an intercommunicator).</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		public Group Group {
			get { return new Group (comm.Get_group ()); }
		}

		/// <summary>The intercommunicator to the processes that spawned this one (MPI_Comm_get_parent), or null if
		/// this process was not spawned.</summary>
		public Intercommunicator Parent {
			get {
				Intercomm p = Intracomm.Get_parent ();
				return p == null ? null : new Intercommunicator (p);
			}
		}

		/// <summary>The System.MP communicator wrapped as the MPI.NET type that fits it.</summary>
		internal static Communicator Wrap (System.MP.Comm c)
		{
			if (c == null)
				return null;
			Intercomm inter = c as Intercomm;
			if (inter != null)
				return new Intercommunicator (inter);
			return new Intracommunicator ((Intracomm) c);
		}

		/// <summary>Duplicates the System.MP communicator (MPI_Comm_dup) as its own type: Comm.Dup is not virtual, so
		/// each System.MP type's Dup is called by name.  A topology's communicator may override it.</summary>
		internal virtual System.MP.Comm DupComm ()
		{
			Intracomm intra = comm as Intracomm;
			if (intra != null)
				return intra.Dup ();
			Intercomm inter = comm as Intercomm;
			if (inter != null)
				return inter.Dup ();
			return comm.Dup ();
		}

		/// <summary>Wraps the duplicate <see cref="Clone"/> made; a topology's communicator overrides it to keep its
		/// type.</summary>
		internal virtual Communicator WrapClone (System.MP.Comm c)
		{
			return Wrap (c);
		}

		/// <summary>Frees the communicator (MPI_Comm_free).  Does nothing for <see cref="world"/> and
		/// <see cref="self"/>, after MPI is finalized, or when called again.</summary>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public virtual void Dispose ()
		{
			if (this == world || this == self || comm == System.MP.MPI.COMM_WORLD || comm == System.MP.MPI.COMM_SELF)
				return;
			if (System.MP.MPI.Is_finalized () || !comm.IsValid)
				return;
			comm.Free ();
		}

		/// <summary>Duplicates the communicator (MPI_Comm_dup): a distinct communicator with the same processes, of the
		/// same type, with the attributes copied as their <see cref="AttributeDuplication"/> says.  Collective.</summary>
		/// <returns>The new communicator (an <see cref="Intracommunicator"/> or <see cref="Intercommunicator"/>).</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized, or a Deep attribute holds an object
		/// that is not ICloneable.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public object Clone ()
		{
			Communicator result = WrapClone (DupComm ());
			result.Attributes.CopyFrom (Attributes);
			return result;
		}

		/// <summary>Splits the communicator: every process that gives the same <paramref name="color"/> lands in
		/// one new communicator, ranked by <paramref name="key"/> (ties by rank here).  Collective.</summary>
		/// <param name="color">A non-negative colour; processes with the same colour share a communicator.</param>
		/// <param name="key">Orders the ranks in the new communicator.</param>
		/// <returns>The new communicator this process belongs to.</returns>
		/// <exception cref="ArgumentException">The colour is negative (raised on this rank; every other rank raises
		/// InvalidOperationException and no communicator is made).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments, MPI has been finalized, or
		/// this is an intercommunicator (MPI.NET splits intracommunicators only).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public Communicator Split (int color, int key)
		{
			Intracomm intra = comm as Intracomm;
			if (intra == null)
				throw new InvalidOperationException ("Split: this is an intercommunicator; MPI.NET splits intracommunicators only");
			if (color < 0)
				throw Coll.Refuse (intra, new ArgumentException ("color value to Communicator.Split must be non-negative", "color"));
			return Wrap (intra.Split (color, key));
		}

		/// <summary>Makes a communicator of the processes in <paramref name="group"/>, a subgroup of this
		/// communicator's group.  Collective.</summary>
		/// <param name="group">The processes of the new communicator.</param>
		/// <returns>The new communicator, or null on a process not in <paramref name="group"/>.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null (every other rank raises
		/// InvalidOperationException).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments, MPI has been finalized, or
		/// this is an intercommunicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator or the group has been disposed.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error (a group that is not a subgroup).</exception>
		public Communicator Create (Group group)
		{
			Intracomm intra = comm as Intracomm;
			if (intra == null)
				throw new InvalidOperationException ("Create: this is an intercommunicator; MPI.NET creates from intracommunicators only");
			return Wrap (intra.Create (group == null ? null : group.group));
		}

		/// <summary>Ends every process of the job (MPI_Abort).</summary>
		/// <param name="errorcode">The exit code the job ends with.</param>
		public void Abort (int errorcode)
		{
			comm.Abort (errorcode);
		}

		/// <summary>Compares this communicator with <paramref name="other"/> (MPI_Comm_compare).</summary>
		/// <param name="other">The communicator to compare with.</param>
		/// <returns>Identical, Congruent, Similar or Unequal.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="other"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">A communicator has been disposed.</exception>
		public Comparison Compare (Communicator other)
		{
			if (other == null)
				throw new ArgumentNullException ("other");
			return Comparisons.FromMP (System.MP.Comm.Compare (comm, other.comm));
		}

		/// <summary>Waits until every process of the communicator (both groups of an intercommunicator) has called
		/// Barrier.  Collective.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been disposed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="System.MP.MPIException">The MPI library reported an error.</exception>
		public virtual void Barrier ()
		{
			Intercomm inter = comm as Intercomm;
			if (inter != null)
				inter.Barrier ();
			else
				((Intracomm) comm).Barrier ();
		}

		/// <summary>Converts an array of MPI logical ints to bools.</summary>
		/// <param name="arr">The ints (0 is false).</param>
		/// <returns>The bools.</returns>
		protected static bool[] IntToBool (int[] arr)
		{
			bool[] r = new bool[arr.Length];
			for (int i = 0; i < arr.Length; i++)
				r[i] = arr[i] != 0;
			return r;
		}

		/// <summary>Converts an array of bools to MPI logical ints.</summary>
		/// <param name="arr">The bools.</param>
		/// <returns>1 for true, 0 for false.</returns>
		protected static int[] BoolToInt (bool[] arr)
		{
			int[] r = new int[arr.Length];
			for (int i = 0; i < arr.Length; i++)
				r[i] = arr[i] ? 1 : 0;
			return r;
		}
	}
}

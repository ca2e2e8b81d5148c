// STAND-INS, to be deleted at merge: the minimum of Environment, Communicator (world, self, Barrier, Split) and
// Group that the collectives' tests need until the owner of those types (branch mpinet) merges.  Nothing here
// is the real API.
using System;

namespace MPI
{
	public partial class Communicator
	{
		/// <summary>Stand-in: MPI_COMM_WORLD.</summary>
		public static Intracommunicator world = new Intracommunicator (System.MP.MPI.COMM_WORLD);

		/// <summary>Stand-in: MPI_COMM_SELF.</summary>
		public static Intracommunicator self = new Intracommunicator (System.MP.MPI.COMM_SELF);

		/// <summary>Stand-in: waits for every process (both groups of an intercommunicator).</summary>
		public void Barrier ()
		{
			var inter = comm as System.MP.Intercomm;
			if (inter != null)
				inter.Barrier ();
			else
				((System.MP.Intracomm) comm).Barrier ();
		}

		/// <summary>Stand-in: MPI_Comm_split.</summary>
		/// <param name="color">The colour.</param>
		/// <param name="key">The key.</param>
		/// <returns>The new communicator.</returns>
		public Communicator Split (int color, int key)
		{
			var c = ((System.MP.Intracomm) comm).Split (color, key);
			return c == null ? null : new Intracommunicator (c);
		}
	}

	/// <summary>Stand-in: a group of processes.</summary>
	public class Group
	{
		internal System.MP.Group group;

		internal Group (System.MP.Group g)
		{
			group = g;
		}

		/// <summary>Stand-in: the group's size.</summary>
		public int Size {
			get { return group.Size; }
		}
	}

	/// <summary>Stand-in: MPI.NET's environment.</summary>
	public class Environment : IDisposable
	{
		/// <summary>Stand-in: initialises MPI (the runtime already has).</summary>
		/// <param name="args">The program's arguments.</param>
		public Environment (ref string[] args)
		{
		}

		/// <summary>Stand-in: does nothing (the runtime finalizes at exit).</summary>
		public void Dispose ()
		{
		}

		/// <summary>Stand-in: aborts every process.</summary>
		/// <param name="errorCode">The exit code.</param>
		public static void Abort (int errorCode)
		{
			System.MP.MPI.COMM_WORLD.Abort (errorCode);
		}

		/// <summary>Stand-in: the processor name.</summary>
		public static string ProcessorName {
			get { return System.MP.MPI.Get_processor_name (); }
		}
	}
}

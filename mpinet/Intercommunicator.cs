using System;

namespace MPI
{
	/// <summary>A communicator between two disjoint groups of processes.</summary>
	public partial class Intercommunicator : Communicator
	{
		internal Intercommunicator (System.MP.Intercomm comm) : base (comm)
		{
		}

		/// <summary>The System.MP intercommunicator this one wraps.</summary>
		internal System.MP.Intercomm Inter {
			get { return (System.MP.Intercomm) comm; }
		}
	}
}

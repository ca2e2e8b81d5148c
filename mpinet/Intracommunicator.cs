using System;

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
	}
}

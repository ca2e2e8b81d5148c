using System;

namespace MPI
{
	/// <summary>A group of processes that communicate: the base of MPI.NET's communicators, over a
	/// System.MP communicator.</summary>
	public partial class Communicator : IDisposable
	{
		/// <summary>The System.MP communicator this one wraps.</summary>
		internal System.MP.Comm comm;

		internal Communicator (System.MP.Comm comm)
		{
			this.comm = comm;
		}

		/// <summary>The rank of this process in the communicator.</summary>
		public int Rank {
			get { return comm.Rank; }
		}

		/// <summary>The number of processes in the communicator.</summary>
		public int Size {
			get { return comm.Size; }
		}

		/// <summary>Frees the underlying communicator (not the predefined ones).</summary>
		public void Dispose ()
		{
		}
	}
}

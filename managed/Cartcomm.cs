// Cartcomm: an intracommunicator with a Cartesian grid (MPI_Cart_*).  Ranks are numbered in row-major order
// of their coordinates (unless the MPI library reordered them when the grid was made with reorder = true).
namespace System.MP
{
	/// <summary>An intracommunicator with a Cartesian grid (<see cref="Intracomm.Create_cart"/>).  Ranks are numbered
	/// in row-major order of their coordinates, unless the MPI library reordered them when the grid was made with
	/// reorder = true.</summary>
	public unsafe class Cartcomm : Topocomm
	{
		internal Cartcomm (int handle) : base (handle)
		{
		}

		/// <summary>The number of dimensions.</summary>
		/// <returns>The number of dimensions.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_dim ()
		{
			int n;
			Check (MPDirect.CartGet (handle, 0, null, null, null, out n), null);
			return n;
		}

		/// <summary>The extent of each dimension.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int[] Dims { get { return Topo (0); } }
		/// <summary>Whether each dimension wraps around.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public bool[] Periods { get { return Array.ConvertAll (Topo (1), p => p != 0); } }
		/// <summary>This process's coordinates.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int[] Coords { get { return Topo (2); } }

		int[] Topo (int which)
		{
			int n = Get_dim ();
			var a = new int[3, Math.Max (n, 1)];
			int m;
			fixed (int* p = a)
				Check (MPDirect.CartGet (handle, n, p, p + a.GetLength (1), p + 2 * a.GetLength (1), out m), null);
			var r = new int[n];
			for (int i = 0; i < n; i++)
				r[i] = a[which, i];
			return r;
		}

		/// <summary>The coordinates of a rank.</summary>
		/// <param name="rank">A rank of the communicator.</param>
		/// <returns>One coordinate per dimension.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the
		/// communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int[] Get_coords (int rank)
		{
			var coords = new int[Get_dim ()];
			fixed (int* p = coords)
				Check (MPDirect.CartCoords (handle, rank, coords.Length, p), "rank", rank);
			return coords;
		}

		/// <summary>The rank at <paramref name="coords"/>; periodic dimensions wrap, others must be in range.</summary>
		/// <param name="coords">One coordinate per dimension.</param>
		/// <returns>The rank.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="coords"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="coords"/> does not have one entry per
		/// dimension.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A coordinate is outside a non-periodic dimension.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_cart_rank (int[] coords)
		{
			if (coords == null)
				throw new ArgumentNullException ("coords");
			int rank;
			fixed (int* p = coords)
				Check (MPDirect.CartRank (handle, coords.Length, p, out rank), "coords");
			return rank;
		}

		/// <summary>The ranks to receive from and send to for a shift of <paramref name="disp"/> along
		/// <paramref name="direction"/>; MPI.PROC_NULL off the edge of a non-periodic dimension.</summary>
		/// <param name="direction">The dimension, 0..Get_dim()-1.</param>
		/// <param name="disp">The displacement: positive shifts up, negative down.</param>
		/// <param name="source">Set to the rank to receive from.</param>
		/// <param name="dest">Set to the rank to send to.</param>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="direction"/> is not a dimension.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public void Shift (int direction, int disp, out int source, out int dest)
		{
			Check (MPDirect.CartShift (handle, direction, disp, out source, out dest), "direction", direction);
		}

		/// <summary>A new communicator with the same grid and a new context.  Collective.</summary>
		/// <returns>The new communicator; free it with <see cref="Comm.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public new Cartcomm Dup ()
		{
			return new Cartcomm (DupHandle ());
		}

		/// <summary>The grid of the dimensions this rank keeps (MPI_Cart_sub): the ranks that share the coordinates of
		/// the dropped dimensions form one new Cartesian communicator, ordered by the kept coordinates.  Collective;
		/// every rank gets a communicator.</summary>
		/// <param name="remain_dims">One entry per dimension: true to keep it.  The same on every rank.</param>
		/// <returns>The new communicator; free it with <see cref="Comm.Free"/> when done.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="remain_dims"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="remain_dims"/> does not have one entry per dimension,
		/// or the ranks passed different ones (raised on every rank).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the
		/// lowest refusing rank): no communicator was made on any rank.  Also raised when MPI has been finalized or
		/// there are too many communicators.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Cartcomm Sub (bool[] remain_dims)
		{
			if (remain_dims == null)
				throw Coll.Refuse (this, new ArgumentNullException ("remain_dims"));
			var r = Array.ConvertAll (remain_dims, b => b ? 1 : 0);
			int h, rc;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			fixed (int* p = r)
				rc = MPDirect.CartSub (handle, r.Length, p, out h);
			if (rc == Errors.EDIMS)
				throw new ArgumentException ("remain_dims must have one entry per dimension (" + Get_dim () + ")", "remain_dims");
			if (rc == Errors.EMISMATCH)
				throw new ArgumentException ("every rank must pass the same remain_dims", "remain_dims");
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return new Cartcomm (h);
		}

		void Check (int rc, string what, int value = 0)
		{
			if (rc == 0)
				return;
			if (rc == Errors.EDIMS && what == "coords")
				throw new ArgumentException ("coords must have one entry per dimension (" + Get_dim () + ")", "coords");
			if (rc == Errors.EDIMS && what == "direction")
				throw new ArgumentOutOfRangeException ("direction", value, "direction must be a dimension, 0.." + (Get_dim () - 1));
			if (rc == Errors.ERANK && what == "rank")
				throw new ArgumentOutOfRangeException ("rank", value, "rank " + value + " is not in the communicator (size " + Get_size () + ")");
			throw Errors.Make (rc, this, null, 0, 0, null);
		}
	}
}

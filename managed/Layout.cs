// Layout: which elements of an array a point-to-point operation moves (MPI's derived datatypes over one element
// type: vector, subarray, indexed), and the shape encoding it shares with file views (MPI.Filetype).  The
// runtime builds and commits the MPI datatype once per layout and element type and frees it with the layout.
using System.Threading;

namespace System.MP
{
	// The shapes of native-mpi/motor-mpi.h (MOTOR_VIEW_*), checked as MPI checks them; `what` names the caller in
	// messages and `unit` what the counts count.
	static class Shapes
	{
		internal static int[] Subarray (string what, int[] sizes, int[] subsizes, int[] starts)
		{
			if (sizes == null || subsizes == null || starts == null)
				throw new ArgumentNullException (sizes == null ? "sizes" : subsizes == null ? "subsizes" : "starts");
			int nd = sizes.Length;
			if (nd < 1 || nd > 32 || subsizes.Length != nd || starts.Length != nd)
				throw new ArgumentException (what + ": sizes, subsizes and starts need one entry per dimension " +
					"(1 to 32), the same number each", "sizes");
			for (int i = 0; i < nd; i++)
				if (sizes[i] < 1 || subsizes[i] < 1 || starts[i] < 0 || subsizes[i] > sizes[i] - starts[i])
					throw new ArgumentOutOfRangeException ("subsizes", what + ": dimension " + i + " has size " +
						sizes[i] + ", subsize " + subsizes[i] + " and start " + starts[i] + ": sizes and subsizes must be at " +
						"least 1, starts not negative, and the block must lie inside the array");
			var shape = new int[2 + 3 * nd];
			shape[0] = 1;
			shape[1] = nd;
			Array.Copy (sizes, 0, shape, 2, nd);
			Array.Copy (subsizes, 0, shape, 2 + nd, nd);
			Array.Copy (starts, 0, shape, 2 + 2 * nd, nd);
			return shape;
		}

		internal static int[] Vector (string what, int count, int blocklength, int stride, string unit)
		{
			if (count < 1 || blocklength < 1 || stride < blocklength || (long) count * stride > int.MaxValue)
				throw new ArgumentOutOfRangeException ("stride", what + ": count " + count + ", blocklength " +
					blocklength + " and stride " + stride + ": count and blocklength must be at least 1, the stride at " +
					"least the blocklength, and count x stride at most int.MaxValue " + unit);
			return new[] { 2, count, blocklength, stride };
		}

		internal static int[] Indexed (string what, int[] blocklengths, int[] displacements, string unit)
		{
			if (blocklengths == null || displacements == null)
				throw new ArgumentNullException (blocklengths == null ? "blocklengths" : "displacements");
			int n = blocklengths.Length;
			if (n < 1 || displacements.Length != n)
				throw new ArgumentException (what + ": blocklengths and displacements need one entry per block, " +
					"the same number each", "displacements");
			for (int i = 0; i < n; i++)
				if (blocklengths[i] < 0 || displacements[i] < 0 ||
				    (i > 0 && displacements[i] < (long) displacements[i - 1] + blocklengths[i - 1]))
					throw new ArgumentOutOfRangeException ("displacements", what + ": block " + i + " (at " +
						displacements[i] + ", " + blocklengths[i] + " " + unit + ") is negative or starts before the end of " +
						"the block before it; blocks must come in increasing order and not overlap");
			if ((long) displacements[n - 1] + blocklengths[n - 1] > int.MaxValue)
				throw new ArgumentOutOfRangeException ("displacements", what + ": the last block ends past int.MaxValue " + unit);
			var shape = new int[2 + 2 * n];
			shape[0] = 3;
			shape[1] = n;
			Array.Copy (blocklengths, 0, shape, 2, n);
			Array.Copy (displacements, 0, shape, 2 + n, n);
			return shape;
		}
	}

	/// <summary>Which elements of an array a point-to-point operation moves, where they are not one contiguous run: a
	/// column of a matrix, a block of a grid, a list of runs (MPI's derived datatypes, over the array's own element
	/// type).  Made by <see cref="Vector"/>, <see cref="Subarray"/> or <see cref="Indexed"/>; counts and positions are
	/// in elements, from the offset the operation is given.</summary>
	/// <remarks>A layout is used with <see cref="Comm.Send(Array, int, Layout, int, int)"/>, <see
	/// cref="Comm.Recv(Array, int, Layout, int, int, Status)"/>, <see cref="Comm.Isend(Array, int, Layout, int,
	/// int)"/>, <see cref="Comm.Irecv(Array, int, Layout, int, int)"/>, the layout form of <c>Sendrecv</c>, and <see
	/// cref="Comm.Send_init(Array, int, Layout, int, int)"/> and <see cref="Comm.Recv_init(Array, int, Layout, int,
	/// int)"/>.  The elements travel in the layout's order,
	/// so a message sent through a layout of k elements matches a receive of k contiguous elements of the same type,
	/// and the other way round.  The runtime checks at each call that the layout, from the offset, lies inside the
	/// array.  A layout may be used with arrays of any element type and from several threads; the MPI datatype
	/// behind it is made at its first use with an element type and freed when the layout is collected.</remarks>
	public sealed class Layout
	{
		internal readonly int[] shape;
		readonly string description;
		// The MPI datatype for one element type: the array type it was made for, and its handle.
		Type madeFor;
		int handle = -1;

		Layout (int[] shape, string description)
		{
			this.shape = shape;
			this.description = description;
			long n = shape[0] == 2 ? (long) shape[1] * shape[2] : shape[0] == 1 ? 1 : 0;
			for (int i = 0; shape[0] != 2 && i < shape[1]; i++)
				n = shape[0] == 1 ? n * shape[2 + shape[1] + i] : n + shape[2 + i];
			count = n;
		}

		readonly long count;

		/// <summary>How many elements the layout selects: the elements of the message it sends or
		/// receives.</summary>
		public long Count { get { return count; } }

		/// <summary><paramref name="count"/> blocks of <paramref name="blocklength"/> elements, one every
		/// <paramref name="stride"/> elements (MPI_Type_vector): with blocklength 1 and the row length as stride, a
		/// column of a row-major matrix.</summary>
		/// <param name="count">Blocks, at least 1.</param>
		/// <param name="blocklength">Elements per block, at least 1.</param>
		/// <param name="stride">Elements from the start of one block to the start of the next, at least
		/// <paramref name="blocklength"/>.</param>
		/// <returns>The layout; it spans (count - 1) x stride + blocklength elements.</returns>
		/// <exception cref="ArgumentOutOfRangeException">A count or blocklength below 1, a stride below the
		/// blocklength, or count x stride above int.MaxValue.</exception>
		public static Layout Vector (int count, int blocklength, int stride)
		{
			return new Layout (Shapes.Vector ("Layout.Vector", count, blocklength, stride, "elements"),
				"Vector (" + count + ", " + blocklength + ", " + stride + ")");
		}

		/// <summary>A block of an array of <paramref name="sizes"/> elements along each dimension, stored in row-major
		/// (C) order, as a double[,] is: the block has <paramref name="subsizes"/> elements along each dimension and
		/// starts at <paramref name="starts"/> (MPI_Type_create_subarray).</summary>
		/// <param name="sizes">The whole array's length along each dimension (1 to 32 dimensions).</param>
		/// <param name="subsizes">The block's length along each dimension, at least 1.</param>
		/// <param name="starts">The block's first index along each dimension.</param>
		/// <returns>The layout; it spans the product of <paramref name="sizes"/> elements.</returns>
		/// <exception cref="ArgumentNullException">An array is null.</exception>
		/// <exception cref="ArgumentException">The arrays differ in length, or have none or more than 32
		/// entries.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A size or subsize below 1, a negative start, or a block that
		/// runs past the array.</exception>
		public static Layout Subarray (int[] sizes, int[] subsizes, int[] starts)
		{
			return new Layout (Shapes.Subarray ("Layout.Subarray", sizes, subsizes, starts), "Subarray");
		}

		/// <summary>Blocks of <paramref name="blocklengths"/> elements at <paramref name="displacements"/>
		/// (MPI_Type_indexed), in increasing order and not overlapping.</summary>
		/// <param name="blocklengths">Elements per block, 0 or more.</param>
		/// <param name="displacements">Where each block starts, in elements; each at or after the end of the one
		/// before.</param>
		/// <returns>The layout; it spans up to the end of its last block.</returns>
		/// <exception cref="ArgumentNullException">An array is null.</exception>
		/// <exception cref="ArgumentException">The arrays are empty or differ in length.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A negative blocklength or displacement, a block that starts
		/// before the end of the one before, or one that ends past int.MaxValue.</exception>
		public static Layout Indexed (int[] blocklengths, int[] displacements)
		{
			return new Layout (Shapes.Indexed ("Layout.Indexed", blocklengths, displacements, "elements"), "Indexed");
		}

		/// <summary>The layout's kind and, for a vector, its arguments.</summary>
		/// <returns>"Vector (count, blocklength, stride)", "Subarray" or "Indexed".</returns>
		public override string ToString ()
		{
			return "Layout." + description;
		}

		// The handle of the layout's MPI datatype for the element type of `buf` (0 and a handle, or a code; the
		// code for a buffer that cannot be one is the one the operation itself would give).
		internal int HandleFor (Array buf, out int h)
		{
			h = -1;
			if (buf == null)
				return Errors.ENULL;
			Type t = buf.GetType ();
			lock (shape) {
				if (t == madeFor) {
					h = handle;
					return 0;
				}
				int made;
				int rc = MPDirect.LayoutMake (buf, shape, out made);
				if (rc != 0)
					return rc;
				if (handle >= 0)
					MPDirect.LayoutFree (handle); // operations in flight may still use it: MPI allows that
				handle = h = made;
				madeFor = t;
				return 0;
			}
		}

		/// <summary>Frees the layout's MPI datatype.</summary>
		~Layout ()
		{
			if (handle >= 0)
				MPDirect.LayoutFree (handle);
		}
	}

	public partial class Comm
	{
		int LayoutHandle (Array buf, Layout layout, out int h)
		{
			if (layout == null)
				throw new ArgumentNullException ("layout");
			return layout.HandleFor (buf, out h);
		}

		/// <summary>Sends the elements of <paramref name="buf"/> that <paramref name="layout"/> selects from element
		/// <paramref name="offset"/> on, in the layout's order (MPI_Send with a derived datatype).</summary>
		/// <param name="buf">An array of a primitive type or of structs without references (of any rank: a
		/// double[,] counts its elements in row-major order).</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Send (Array buf, int offset, Layout layout, int dest, int tag)
		{
			SendLayout (buf, offset, layout, dest, tag, Prequest.SendKind);
		}

		void SendLayout (Array buf, int offset, Layout layout, int dest, int tag, int mode)
		{
			int h;
			int rc = LayoutHandle (buf, layout, out h);
			if (rc == 0)
				rc = MPDirect.SendLayout (buf, offset, h, dest, tag, handle, mode);
			if (rc != 0)
				throw Errors.Make (rc, this, buf, dest, tag, "dest");
		}

		/// <summary>Receives into the elements of <paramref name="buf"/> that <paramref name="layout"/> selects from
		/// element <paramref name="offset"/> on, in the layout's order (MPI_Recv with a derived datatype).  A longer
		/// message raises MPIException (MPI_ERR_TRUNCATE); a shorter one fills the layout's first elements.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="source"/> is not a rank of the communicator (nor ANY_SOURCE
		/// or PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error (MPI_ERR_TRUNCATE for a longer
		/// message).</exception>
		public unsafe void Recv (Array buf, int offset, Layout layout, int source, int tag, Status status)
		{
			int h;
			int rc = LayoutHandle (buf, layout, out h);
			StatusData st = default (StatusData);
			if (rc == 0)
				rc = MPDirect.RecvLayout (buf, offset, h, source, tag, handle, &st);
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw ReceiveFailed (rc, "Recv", st, buf, layout, source, tag);
		}

		// The exception of a receive through a layout: a truncation names what the layout holds.
		Exception ReceiveFailed (int rc, string op, StatusData st, Array buf, Layout layout, int source, int tag)
		{
			if (Errors.IsTruncation (rc))
				return Errors.Truncated (rc, op, st, source, tag, buf, (int) layout.Count);
			return Errors.Make (rc, this, buf, source, tag, "source");
		}

		/// <summary>Starts sending the elements of <paramref name="buf"/> that <paramref name="layout"/> selects from
		/// element <paramref name="offset"/> on (MPI_Isend with a derived datatype).  The array must not be written
		/// until the request completes; the runtime keeps it in place until then.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Isend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return PostSendLayout (buf, offset, layout, dest, tag, Prequest.SendKind);
		}

		Request PostSendLayout (Array buf, int offset, Layout layout, int dest, int tag, int mode)
		{
			int h;
			int rc = LayoutHandle (buf, layout, out h);
			var r = new Request ();
			if (rc == 0)
				rc = MPDirect.IsendLayout (buf, offset, h, dest, tag, handle, mode, r);
			if (rc != 0)
				throw PostFailed (rc, buf, dest, tag, "dest");
			return r;
		}

		/// <summary>Starts receiving into the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Irecv with a derived datatype).  The array must not
		/// be read or written until the request completes; the runtime keeps it in place until then.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="source"/> is not a rank of the communicator (nor ANY_SOURCE
		/// or PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Irecv (Array buf, int offset, Layout layout, int source, int tag)
		{
			int h;
			int rc = LayoutHandle (buf, layout, out h);
			var r = new Request ();
			if (rc == 0)
				rc = MPDirect.IrecvLayout (buf, offset, h, source, tag, handle, r);
			if (rc != 0)
				return IrecvBehind (rc, buf, offset, layout, h, source, tag);
			return r;
		}

		/// <summary>Sends the elements of <paramref name="sendbuf"/> that <paramref name="sendlayout"/> selects and
		/// receives into those of <paramref name="recvbuf"/> that <paramref name="recvlayout"/> selects, in one
		/// operation (MPI_Sendrecv with derived datatypes): a halo exchange of matrix columns.</summary>
		/// <param name="sendbuf">The array to send from.</param>
		/// <param name="sendoffset">The element <paramref name="sendlayout"/> starts at.</param>
		/// <param name="sendlayout">Which elements to send.</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="recvbuf">The array to receive into; it may be <paramref name="sendbuf"/> when the two layouts
		/// share no element.</param>
		/// <param name="recvoffset">The element <paramref name="recvlayout"/> starts at.</param>
		/// <param name="recvlayout">Which elements to receive into.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the received message's source, tag and size; may be null.</param>
		/// <exception cref="ArgumentNullException">A buffer or layout is null.</exception>
		/// <exception cref="ArgumentException">A buffer cannot be an MPI buffer, or the two layouts share an element
		/// of one array (MPI forbids it).</exception>
		/// <exception cref="ArgumentOutOfRangeException">An offset lies outside its array or a layout from there runs
		/// past its end; a rank or tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error (MPI_ERR_TRUNCATE for a longer
		/// message).</exception>
		public unsafe void Sendrecv (Array sendbuf, int sendoffset, Layout sendlayout, int dest, int sendtag,
		                             Array recvbuf, int recvoffset, Layout recvlayout, int source, int recvtag, Status status)
		{
			int sh, rh;
			int rc = LayoutHandle (sendbuf, sendlayout, out sh);
			if (rc != 0)
				throw Errors.Make (rc, this, sendbuf, dest, sendtag, "dest");
			rc = LayoutHandle (recvbuf, recvlayout, out rh);
			StatusData st = default (StatusData);
			if (rc == 0)
				rc = MPDirect.SendrecvLayout (sendbuf, sendoffset, sh, dest, sendtag, recvbuf, recvoffset, rh, source,
					recvtag, handle, &st);
			if (rc == Errors.EBEHIND) {
				// As in Sendrecv (object, ...): the send now, the receive queued behind the object receive.
				Request recv = Irecv (recvbuf, recvoffset, recvlayout, source, recvtag);
				Isend (sendbuf, sendoffset, sendlayout, dest, sendtag).Wait ();
				recv.Wait (status);
				return;
			}
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw ReceiveFailed (rc, "Sendrecv", st, recvbuf, recvlayout, source, recvtag);
		}

		/// <summary>A persistent send of the elements of <paramref name="buf"/> that <paramref name="layout"/> selects
		/// from element <paramref name="offset"/> on (MPI_Send_init with a derived datatype).</summary>
		/// <param name="buf">The array to send from.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Send_init (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return InitLayout (buf, offset, layout, dest, tag, Prequest.SendKind);
		}

		/// <summary>A persistent receive into the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Recv_init with a derived datatype).</summary>
		/// <param name="buf">The array to receive into.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements.</param>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The tag to match, 0..<see cref="MPI.TAG_UB"/>, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="source"/> is not a rank of the communicator (nor ANY_SOURCE
		/// or PROC_NULL), or <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Recv_init (Array buf, int offset, Layout layout, int source, int tag)
		{
			return InitLayout (buf, offset, layout, source, tag, Prequest.RecvKind);
		}
	}

	// The other send modes through a layout: as Send, Isend and Send_init above, with MPI's mode.
	public partial class Comm
	{
		Prequest InitLayout (Array buf, int offset, Layout layout, int peer, int tag, int kind)
		{
			if (layout == null)
				throw new ArgumentNullException ("layout");
			return Init (buf, offset, 1, peer, tag, kind, layout);
		}

		/// <summary>Synchronous send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Ssend with a derived datatype): returns once
		/// the matching receive has started.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Ssend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			SendLayout (buf, offset, layout, dest, tag, Prequest.SsendKind);
		}

		/// <summary>Buffered send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Bsend with a derived datatype): copies them
		/// into the buffer attached with <see cref="MPI.Buffer_attach"/> and returns.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached (<see cref="MPI.Buffer_attach"/>), or it
		/// has no room for the message (its data and <see cref="MPI.BSEND_OVERHEAD"/>) beside the buffered messages
		/// not yet delivered; or MPI has been finalized.  Nothing is sent.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Bsend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			SendLayout (buf, offset, layout, dest, tag, Prequest.BsendKind);
		}

		/// <summary>Ready send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Rsend with a derived datatype).</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <remarks>The program promises that the matching receive is already posted, as for <see
		/// cref="Rsend(object,int,int)"/>.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Rsend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			SendLayout (buf, offset, layout, dest, tag, Prequest.RsendKind);
		}

		/// <summary>Starts a synchronous send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Issend with a derived datatype): the
		/// request completes once the matching receive has started.  The array must not be written until then.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Issend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return PostSendLayout (buf, offset, layout, dest, tag, Prequest.SsendKind);
		}

		/// <summary>Starts a buffered send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Ibsend with a derived datatype): they
		/// are copied into the attached buffer at once.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached (<see cref="MPI.Buffer_attach"/>), or it
		/// has no room for the message (its data and <see cref="MPI.BSEND_OVERHEAD"/>) beside the buffered messages
		/// not yet delivered; or MPI has been finalized.  Nothing is sent.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibsend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return PostSendLayout (buf, offset, layout, dest, tag, Prequest.BsendKind);
		}

		/// <summary>Starts a ready send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Irsend with a derived datatype).  The
		/// array must not be written until the request completes.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The request; complete it with <see cref="Request.Wait()"/> or <see cref="Request.Test()"/>.
		/// Dropping it is safe.</returns>
		/// <remarks>The program promises that the matching receive is already posted, as for <see
		/// cref="Rsend(object,int,int)"/>.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Irsend (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return PostSendLayout (buf, offset, layout, dest, tag, Prequest.RsendKind);
		}

		/// <summary>A persistent synchronous send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Ssend_init with a derived
		/// datatype).</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Ssend_init (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return InitLayout (buf, offset, layout, dest, tag, Prequest.SsendKind);
		}

		/// <summary>A persistent buffered send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Bsend_init with a derived datatype);
		/// each <see cref="Prequest.Start"/> copies them into the attached buffer.</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">No buffer is attached (<see cref="MPI.Buffer_attach"/>), or it
		/// has no room for the message (its data and <see cref="MPI.BSEND_OVERHEAD"/>) beside the buffered messages
		/// not yet delivered; or MPI has been finalized.  Checked at each Start.</exception>
		public Prequest Bsend_init (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return InitLayout (buf, offset, layout, dest, tag, Prequest.BsendKind);
		}

		/// <summary>A persistent ready send of the elements of <paramref name="buf"/> that <paramref name="layout"/>
		/// selects from element <paramref name="offset"/> on (MPI_Rsend_init with a derived datatype).</summary>
		/// <param name="buf">An array of a primitive type or of structs without references.</param>
		/// <param name="offset">The element the layout starts at.</param>
		/// <param name="layout">Which elements, from <paramref name="offset"/>.</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="tag">The message tag, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <returns>The inactive persistent request.</returns>
		/// <remarks>The program promises that the matching receive is already posted at each Start, as for <see
		/// cref="Rsend(object,int,int)"/>.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="layout"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> lies outside the array, the layout
		/// from there runs past its end, <paramref name="dest"/> is not a rank of the communicator (nor PROC_NULL), or
		/// <paramref name="tag"/> is outside 0..<see cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Rsend_init (Array buf, int offset, Layout layout, int dest, int tag)
		{
			return InitLayout (buf, offset, layout, dest, tag, Prequest.RsendKind);
		}
	}
}

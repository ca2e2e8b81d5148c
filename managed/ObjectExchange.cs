// Object exchanges: OAlltoall (one element of an array to each rank -- of the remote group on an
// intercommunicator -- in one exchange of the split representation) and OSendrecv (send one graph and receive
// one, without deadlock between two ranks that send to each other).  See runtime-ext/icall-object.c.
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;

namespace System.MP
{
	internal static unsafe partial class MPDirect
	{
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object[] OAlltoall (object arr, int comm, out int rc);
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern object OSendrecv (object obj, int dest, int sendtag, int source, int recvtag, int comm, StatusData* st, out int rc);
	}

	public unsafe partial class Comm
	{
		/// <summary>Sends the object graph rooted at <paramref name="obj"/> to <paramref name="dest"/> and receives one
		/// object message from <paramref name="source"/>, returning its root.  The send is under way while this rank
		/// waits for the receive, so two ranks that exchange objects of any size with each other do not
		/// deadlock.</summary>
		/// <param name="obj">The root of the graph to send (may be null).</param>
		/// <param name="dest">The destination rank, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="source">The source rank, <see cref="MPI.ANY_SOURCE"/> or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <param name="status">Filled with the received message's source, tag and byte count; may be null.</param>
		/// <returns>The root of the received graph (null if null was sent, or from PROC_NULL).</returns>
		/// <exception cref="ArgumentException">The graph holds an object of a type that cannot travel (a delegate, a
		/// pointer, an IntPtr field); nothing was sent or received.</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="SerializationException">The received message could not be rebuilt: malformed or truncated
		/// data, a type this program does not have or cannot instantiate, a type whose field layout differs from the
		/// sender's, or a message that would allocate more than the runtime's limit.  The send has completed.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="source"/> is not a
		/// rank of the communicator, or a tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public object OSendrecv (object obj, int dest, int sendtag, int source, int recvtag, Status status)
		{
			StatusData st = default (StatusData);
			int rc;
			object o = MPDirect.OSendrecv (obj, dest, sendtag, source, recvtag, handle, &st, out rc);
			if (status != null)
				status.data = st;
			if (rc != 0)
				throw Errors.Make (rc, this, obj, rc == Errors.ETAG ? sendtag : dest, recvtag, "dest");
			return o;
		}

		// OAlltoall on either kind of communicator: the parts received, element i from `from` + i.
		internal Array ExchangeObjects (Array arr, string from)
		{
			int rc;
			object[] parts = MPDirect.OAlltoall (arr, handle, out rc);
			if (rc != 0)
				throw ObjectCollectiveError (rc, "OAlltoall", arr, 0, "arr");
			var result = Array.CreateInstance (arr.GetType ().GetElementType (), parts.Length);
			for (int i = 0; i < parts.Length; i++) {
				var a = parts[i] as Array;
				if (a == null || a.Rank != 1 || a.Length != 1)
					throw new SerializationException ("OAlltoall: " + from + i + " sent something other than one element");
				// The same element type on every rank, so that a difference raises on each (a widening or a null
				// would pass on some ranks only).
				if (a.GetType ().GetElementType () != arr.GetType ().GetElementType ())
					throw new SerializationException ("OAlltoall: " + from + i + " sent a " + a.GetType ().GetElementType () +
						", which does not fit this rank's " + arr.GetType ().GetElementType () +
						": every rank's array must have the same element type");
				result.SetValue (a.GetValue (a.GetLowerBound (0)), i);
			}
			return result;
		}
	}

	public partial class Intracomm
	{
		/// <summary>Each rank sends element j of <paramref name="arr"/> (Get_size() elements), with the graph it
		/// reaches, to rank j, and returns what it received: element i came from rank i.  One exchange: every element
		/// is serialised once, as a part of its own, and the parts move by one MPI_Alltoallv of bytes.</summary>
		/// <param name="arr">A one-dimensional array of Get_size() elements; element j goes to rank j.</param>
		/// <returns>A new array of <paramref name="arr"/>'s element type, Get_size() elements, element i from rank
		/// i.</returns>
		/// <remarks>If a rank cannot serialise its array (or it is null or of the wrong length), no rank is left
		/// waiting: that rank raises the reason and every other rank raises SerializationException naming
		/// it.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="arr"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="arr"/> is not a one-dimensional array of Get_size()
		/// elements, or an element's graph holds an object that cannot travel.</exception>
		/// <exception cref="ArgumentException">Some ranks called another object collective: raised on every rank, and no
		/// rank moved any data.</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="SerializationException">A received part could not be rebuilt (malformed data, a type this
		/// program does not have, a layout that differs from the sender's, an array whose element type differs from
		/// this rank's: every rank's must be the same), or another rank failed to serialise its array.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Array OAlltoall (Array arr)
		{
			return ExchangeObjects (arr, "rank ");
		}
	}

	public partial class Intercomm
	{
		/// <summary>Each rank sends element j of <paramref name="arr"/> (Get_remote_size() elements), with the graph
		/// it reaches, to rank j of the remote group, and returns what it received: element i came from remote rank i.
		/// One exchange, as for <see cref="Intracomm.OAlltoall(Array)"/>.</summary>
		/// <param name="arr">A one-dimensional array of Get_remote_size() elements; element j goes to remote rank
		/// j.</param>
		/// <returns>A new array of <paramref name="arr"/>'s element type, Get_remote_size() elements, element i from
		/// remote rank i.</returns>
		/// <remarks>If a rank cannot serialise its array (or it is null or of the wrong length), no rank is left
		/// waiting: that rank raises the reason and every other rank of both groups raises SerializationException
		/// naming it.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="arr"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="arr"/> is not a one-dimensional array of
		/// Get_remote_size() elements, or an element's graph holds an object that cannot travel, or it is <see
		/// cref="MPI.IN_PLACE"/>.</exception>
		/// <exception cref="OutOfMemoryException">The serialisation buffer could not be allocated.</exception>
		/// <exception cref="SerializationException">A received part could not be rebuilt (malformed data, a type this
		/// program does not have, a layout that differs from the sender's, an array whose element type differs from
		/// this rank's: every rank's must be the same), or another rank of either group failed (the message names it).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Array OAlltoall (Array arr)
		{
			return ExchangeObjects (arr, "remote rank ");
		}
	}
}

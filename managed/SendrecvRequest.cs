// Isendrecv and Isendrecv_replace (MPI-4): a send and a receive started together, completed as one request.
//
// The request is an Irecv and an Isend posted through the runtime's request slots, after every argument of both
// has been checked, so a refusal posts neither.  It completes when both have: Wait waits for the receive, then
// the send; Test reports true only once both have completed.  The status is the receive's.  Isendrecv_replace
// receives into a second array of the buffer's type and copies it into the buffer's range when the completion
// is learnt (by Wait or Test): until then the buffer holds what is being sent, which the program must leave alone
// as for any send in flight.
using System.Threading;

namespace System.MP
{
	sealed class SendrecvRequest : Request
	{
		Request recvReq, sendReq;
		Exception error;
		// Isendrecv_replace: the array received into, whose elements from `from` on (as many as arrived) are copied
		// into `into` from `at` on at completion; `from` is 0 for a one-dimensional array, which holds just the
		// range, and `at` for a multi-dimensional one, of the same shape.
		readonly Array received, into;
		readonly int from, at;

		internal SendrecvRequest (Array received, int from, Array into, int at)
		{
			this.received = received;
			this.from = from;
			this.into = into;
			this.at = at;
			send = 1; // Cancel refuses it, as it refuses a send
		}

		internal void Started (Request recv, Request send)
		{
			recvReq = recv;
			sendReq = send;
		}

		internal override bool IsDeferred { get { return true; } }

		// Both parts are completed (consumed) once both have completed; their errors are kept for the one
		// exception the completion raises, the receive's first.
		internal override int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			if (Volatile.Read (ref done) != 0) {
				f = 1;
				return 0;
			}
			if (!wait && !(recvReq.Peek () && sendReq.Peek ())) {
				f = 0;
				return 0;
			}
			var st = new Status ();
			CompletePart (recvReq, true, st, "Wait", ref error);
			CompletePart (sendReq, true, null, "Wait", ref error);
			if (error == null && received != null) {
				int n = st.Get_count (received.GetType ().GetElementType ());
				if (n > 0)
					Array.Copy (received, from, into, at, n);
			}
			result = st.data;
			rc = error != null ? PartFailed : 0;
			Volatile.Write (ref done, 1);
			f = 1;
			return 0;
		}

		internal override Exception ResultException (string op)
		{
			return error ?? base.ResultException (op);
		}
	}

	public partial class Comm
	{
		/// <summary>Starts sending the whole of <paramref name="sendbuf"/> and receiving into the whole of <paramref
		/// name="recvbuf"/> as one operation (MPI_Isendrecv): the non-blocking form of <see
		/// cref="Sendrecv(object,int,int,object,int,int,Status)"/>.</summary>
		/// <param name="sendbuf">The data to send (a buffer as for <see cref="Send(object,int,int)"/>).</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="recvbuf">Where the received message lands; must not overlap <paramref name="sendbuf"/>.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request: it completes when both the send and the receive have, and its status is the
		/// receive's.  Neither buffer may be touched until then.  Cancel refuses it, as it refuses a send.</returns>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">A buffer cannot be an MPI buffer, or the two overlap.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="dest"/> or <paramref name="source"/> is not a
		/// rank of the communicator, or a tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.  Nothing is left posted.</exception>
		public Request Isendrecv (object sendbuf, int dest, int sendtag, object recvbuf, int source, int recvtag)
		{
			return PostSendrecv (sendbuf, 0, -1, dest, sendtag, recvbuf, 0, -1, source, recvtag, new SendrecvRequest (null, 0, null, 0));
		}

		/// <summary>Starts sending elements [sendoffset, sendoffset + sendcount) of <paramref name="sendbuf"/> and
		/// receiving into elements [recvoffset, recvoffset + recvcount) of <paramref name="recvbuf"/> as one operation
		/// (MPI_Isendrecv).  The two may be disjoint ranges of one array.</summary>
		/// <param name="sendbuf">The array to send from.</param>
		/// <param name="sendoffset">Index of the first element to send.</param>
		/// <param name="sendcount">Number of elements to send.</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="recvbuf">The array to receive into.</param>
		/// <param name="recvoffset">Index of the first element to receive into.</param>
		/// <param name="recvcount">Number of elements room is given for.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request: it completes when both the send and the receive have, and its status is the
		/// receive's.</returns>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">A buffer cannot be an MPI buffer or is not an array, or the two ranges
		/// overlap.</exception>
		/// <exception cref="ArgumentOutOfRangeException">An offset or count is negative or runs past its array; a rank
		/// or tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.  Nothing is left posted.</exception>
		public Request Isendrecv (object sendbuf, int sendoffset, int sendcount, int dest, int sendtag,
		                          object recvbuf, int recvoffset, int recvcount, int source, int recvtag)
		{
			if ((sendoffset | sendcount | recvoffset | recvcount) < 0)
				throw Errors.BadRange ((sendoffset | sendcount) < 0 ? sendoffset : recvoffset,
					(sendoffset | sendcount) < 0 ? sendcount : recvcount);
			return PostSendrecv (sendbuf, sendoffset, sendcount, dest, sendtag, recvbuf, recvoffset, recvcount, source,
				recvtag, new SendrecvRequest (null, 0, null, 0));
		}

		/// <summary>Starts sending elements [offset, offset + count) of the array <paramref name="buf"/> and receiving
		/// as many into the same elements (MPI_Isendrecv_replace): the non-blocking form of <see
		/// cref="Sendrecv_replace(object,int,int,int,int,int,int,Status)"/>.</summary>
		/// <param name="buf">The array whose range is sent and then replaced by the data received.</param>
		/// <param name="offset">Index of the first element of the range.</param>
		/// <param name="count">Number of elements sent, and room for the message received.</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request.  The message is received into an array the runtime allocates, of the range's length
		/// (of the whole array's shape for a multi-dimensional one), and copied into the range by the Wait or Test
		/// that learns of the completion; until then the range holds the data being sent and must not be touched.
		/// From PROC_NULL nothing is received and the range keeps what was sent.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or runs past the array; a rank or tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.  Nothing is left posted.</exception>
		public Request Isendrecv_replace (Array buf, int offset, int count, int dest, int sendtag, int source, int recvtag)
		{
			if (buf == null)
				throw new ArgumentNullException ("buf");
			if ((offset | count) < 0 || (long) offset + count > buf.Length)
				throw Errors.BadRange (offset, count);
			Array received;
			int from;
			if (buf.Rank == 1) {
				received = Array.CreateInstance (buf.GetType ().GetElementType (), count);
				from = 0;
			} else {
				var lengths = new int[buf.Rank];
				for (int d = 0; d < lengths.Length; d++)
					lengths[d] = buf.GetLength (d);
				received = Array.CreateInstance (buf.GetType ().GetElementType (), lengths);
				from = offset;
			}
			return PostSendrecv (buf, offset, count, dest, sendtag, received, from, count, source, recvtag,
				new SendrecvRequest (received, from, buf, offset));
		}

		/// <summary>Starts sending the whole of the array <paramref name="buf"/> and receiving as many elements into
		/// it (MPI_Isendrecv_replace), as <see cref="Isendrecv_replace(Array,int,int,int,int,int,int)"/> over the
		/// whole array.</summary>
		/// <param name="buf">The array sent and then replaced by the data received.</param>
		/// <param name="dest">The rank to send to, or <see cref="MPI.PROC_NULL"/>.</param>
		/// <param name="sendtag">The tag of the message sent, 0..<see cref="MPI.TAG_UB"/>.</param>
		/// <param name="source">The rank to receive from, <see cref="MPI.ANY_SOURCE"/> or <see
		/// cref="MPI.PROC_NULL"/>.</param>
		/// <param name="recvtag">The tag to match, or <see cref="MPI.ANY_TAG"/>.</param>
		/// <returns>The request, as for <see cref="Isendrecv_replace(Array,int,int,int,int,int,int)"/>.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank or tag is out of range.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.  Nothing is left posted.</exception>
		public Request Isendrecv_replace (Array buf, int dest, int sendtag, int source, int recvtag)
		{
			if (buf == null)
				throw new ArgumentNullException ("buf");
			return Isendrecv_replace (buf, 0, buf.Length, dest, sendtag, source, recvtag);
		}

		// Every argument of both parts is checked before either is posted; if the send cannot be posted after all
		// (no request slot, the library), the receive is cancelled and completed, so nothing stays posted.
		Request PostSendrecv (object sendbuf, int sendoffset, int sendcount, int dest, int sendtag,
		                      object recvbuf, int recvoffset, int recvcount, int source, int recvtag, SendrecvRequest r)
		{
			int rc = MPDirect.CheckSendrecv (sendbuf, sendoffset, sendcount, recvbuf, recvoffset, recvcount);
			int inter, remote = 0;
			if (rc == 0)
				rc = MPDirect.CommKind (handle, out inter, out remote);
			bool destBad = BadPeer (dest, false, remote), stagBad = BadTag (sendtag, false);
			if (rc == 0 && (destBad || BadPeer (source, true, remote)))
				rc = Errors.ERANK;
			if (rc == 0 && (stagBad || BadTag (recvtag, true)))
				rc = Errors.ETAG;
			if (rc != 0) {
				bool recvSide = rc == Errors.ERANK ? !destBad : rc == Errors.ETAG ? !stagBad
					: rc != Errors.EALIAS && MPDirect.CheckBuffer (sendbuf, sendoffset, sendcount) == 0;
				throw recvSide ? Errors.Make (rc, this, recvbuf, source, recvtag, "source")
					: Errors.Make (rc, this, sendbuf, dest, sendtag, "dest");
			}
			var recv = PostRecv (recvbuf, recvoffset, recvcount, source, recvtag);
			Request send;
			try {
				send = PostSend (sendbuf, sendoffset, sendcount, dest, sendtag, Prequest.SendKind);
			} catch {
				recv.Cancel ();
				recv.Wait ();
				throw;
			}
			r.Started (recv, send);
			return r;
		}
	}
}

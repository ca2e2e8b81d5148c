// Status: what a receive or probe learnt about a message.
namespace System.MP
{
	/// <summary>What a receive, probe or completed request learnt about a message: its source, tag, error and size.
	/// Pass one to <see cref="Comm.Recv(object,int,int,Status)"/>, <see cref="Comm.Probe"/>,
	/// <see cref="Request.Wait(Status)"/> and the like, which fill it; a Status can be reused.</summary>
	public class Status
	{
		internal StatusData data;

		/// <summary>A status with every field 0, for an operation to fill.</summary>
		public Status ()
		{
		}

		/// <summary>The rank that sent the message (in the remote group for an intercommunicator).</summary>
		/// <returns>The source rank, or <see cref="MPI.PROC_NULL"/> for a receive from PROC_NULL.</returns>
		public int Get_source () { return data.source; }
		/// <summary>The message's tag.</summary>
		/// <returns>The tag, or <see cref="MPI.ANY_TAG"/> for a receive from PROC_NULL.</returns>
		public int Get_tag () { return data.tag; }
		/// <summary>The operation's MPI error code.</summary>
		/// <returns>0, or the MPI library's error code (see <see cref="MPIException.ErrorCode"/>).</returns>
		public int Get_error () { return data.error; }
		/// <summary>Whether the operation was cancelled (<see cref="Request.Cancel"/>).</summary>
		/// <returns>True if the cancellation succeeded, so the operation did not take place.</returns>
		public bool Is_cancelled () { return data.cancelled != 0; }

		/// <summary>The same as <see cref="Get_source"/>.</summary>
		public int Source { get { return data.source; } }
		/// <summary>The same as <see cref="Get_tag"/>.</summary>
		public int Tag { get { return data.tag; } }
		/// <summary>The same as <see cref="Get_error"/>.</summary>
		public int Error { get { return data.error; } }

		/// <summary>The number of elements of <paramref name="elementType"/> in the message, or MPI.UNDEFINED when the
		/// message is not a whole number of them.</summary>
		/// <param name="elementType">The element type of the buffer the message was (or would be) received
		/// into.</param>
		/// <returns>The element count, or <see cref="MPI.UNDEFINED"/> if the message's byte count is not a multiple of
		/// the element size.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="elementType"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="elementType"/> is neither a primitive type nor a struct
		/// without references.</exception>
		public int Get_count (Type elementType)
		{
			if (elementType == null)
				throw new ArgumentNullException ("elementType");
			int size = MPDirect.ElementSize (elementType);
			if (size < 0)
				throw new ArgumentException ((elementType.FullName ?? elementType.Name) + " is not a primitive type or a struct without references", "elementType");
			if (size == 0 || data.bytes % size != 0 || data.bytes / size > int.MaxValue)
				return MPI.UNDEFINED;
			return (int) (data.bytes / size);
		}
	}
}
